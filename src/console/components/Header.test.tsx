import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/renderWithProviders';
import { Header } from './Header';

describe('Header', () => {
  it('shows the product title and "Not logged in" without a user', () => {
    renderWithProviders(<Header username={null} />);
    expect(screen.getByText('Referral Campaign Admin')).toBeInTheDocument();
    expect(screen.getByText('Not logged in')).toBeInTheDocument();
  });

  it('shows the username when signed in', () => {
    renderWithProviders(<Header username="agency@demo.test" />);
    expect(screen.getByText('agency@demo.test')).toBeInTheDocument();
    expect(screen.queryByText('Not logged in')).not.toBeInTheDocument();
  });

  it("opens the user's menu from the username: Signed-in devices goes to its screen", async () => {
    const { user, location } = renderWithProviders(<Header username="agency@demo.test" />);
    await user.click(screen.getByRole('button', { name: /agency@demo\.test/ }));
    const menu = await screen.findByRole('menu', { name: 'Your account' });
    await user.click(within(menu).getByRole('menuitem', { name: 'Signed-in devices' }));
    expect(location()).toBe('/signed-in-devices');
  });

  it('shows the version label in the about menu', async () => {
    const { user } = renderWithProviders(<Header username={null} />);
    expect(screen.queryByText('Version 1.1.35')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'About' }));
    const menu = await screen.findByRole('menu', { name: 'About' });
    expect(menu).toHaveTextContent('Version 1.1.35');
    expect(screen.getByText('Version 1.1.35')).toBeVisible();
  });
});
