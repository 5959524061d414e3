// Signed-in devices (issue 31, item 6; OWASP ASVS 5.0 V7): where the admin is signed in, this device
// marked, each with where it signed in from and when it was last used. Any other device is signed
// out one by one or all at once: its next action finds the sign-in page. This device logs out as
// the side menu's Logout does. Sign-outs need a connection: they are never queued.
// Its title is the page's h1 and each device an h2 (axe: one first-level heading, levels in order);
// they look as the other screens' titles and rows do.
import './signedInDevices.css';
import { Button, Callout, Card, H2, Spinner, Tag } from '@blueprintjs/core';
import { Desktop, LogOut, MobilePhone } from '@blueprintjs/icons';
import { useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { SIGNED_IN_DEVICES, THIS_DEVICE, type SessionsEnded, type SignedInDevice } from '../../../contract/sessions';
import { needsConnectionText, useBrowserOffline } from '../../components/NeedsConnection';
import { askToConfirm } from '../../components/confirm';
import { showSuccess } from '../../components/toaster';
import type { ApiFailure } from '../../http/failure';
import { deviceTime, thisDeviceFirst, useSignedInDevicesQuery, useSignOutDeviceMutation, useSignOutOtherDevicesMutation } from './sessionsApi';
import { EmptyState } from '../../components/EmptyState';
import { PageTitle } from '../../components/PageTitle';

const isHandheld = (device: string) => /iPhone|iPad|Android/.test(device);

export function SignedInDevicesPage() {
  const devices = useSignedInDevicesQuery();
  const [signOut, signingOut] = useSignOutDeviceMutation();
  const [signOutOthers, signingOutOthers] = useSignOutOtherDevicesMutation();
  const offline = useBrowserOffline();
  const navigate = useNavigate();
  // Where the focus goes once the device whose button had it is gone from the list.
  const heading = useRef<HTMLHeadingElement>(null);
  const list = devices.data ? thisDeviceFirst(devices.data.results) : undefined;
  const others = list?.filter((device) => !device.current).length ?? 0;

  const done = (result: { data: SessionsEnded } | { error: unknown }) => {
    // A refusal is shown by the store's error toast.
    if (!('data' in result)) return;
    showSuccess(result.data.message);
    heading.current?.focus();
  };
  const signOutAll = async () => {
    const question = others === 1
      ? 'Sign out the other device? It must sign in again with password and code.'
      : `Sign out all ${others} other devices? Each must sign in again with password and code.`;
    if (await askToConfirm(question, 'Sign out')) done(await signOutOthers());
  };

  return (
    <section className="signed-in-devices">
      <header className="console-page-header signed-in-devices-header">
        <PageTitle ref={heading} tabIndex={-1}>
          {SIGNED_IN_DEVICES}
        </PageTitle>
        <Button icon={<LogOut />} disabled={others === 0 || offline} loading={signingOutOthers.isLoading} onClick={() => void signOutAll()}>
          Sign out all other devices
        </Button>
      </header>
      <Callout className="console-prompt" compact>
        Where your account is signed in now. Sign out any device you do not recognise: it must sign in again with password and code.
        A device left unused long enough is signed out by itself.
      </Callout>
      {offline && (
        <Callout className="console-prompt" intent="warning" compact>
          {needsConnectionText('Signing a device out')}
        </Callout>
      )}
      {!list ? (
        devices.isError ? <EmptyState title={(devices.error as ApiFailure).text} /> : <Spinner size={24} className="console-centered" />
      ) : (
        <>
          <ul className="signed-in-devices-list" aria-label={SIGNED_IN_DEVICES}>
            {list.map((device) => (
              <li key={device.id}>
                <DeviceCard
                  device={device}
                  disabled={offline}
                  signingOut={signingOut.isLoading && signingOut.originalArgs === device.id}
                  onSignOut={async () => done(await signOut(device.id))}
                  onLogOut={() => navigate('/logout')}
                />
              </li>
            ))}
          </ul>
          {others === 0 && <p className="signed-in-devices-none">No other device is signed in.</p>}
          {devices.data && devices.data.count > devices.data.results.length && (
            <p>{`The ${devices.data.results.length} most recently used of ${devices.data.count} devices are shown; Sign out all other devices signs out every one.`}</p>
          )}
        </>
      )}
    </section>
  );
}

interface DeviceCardProps {
  device: SignedInDevice;
  disabled: boolean;
  signingOut: boolean;
  onSignOut(): void;
  onLogOut(): void;
}

function DeviceCard({ device, disabled, signingOut, onSignOut, onLogOut }: DeviceCardProps) {
  const signedIn = deviceTime(device.signed_in_at);
  return (
    <Card className="signed-in-device">
      <div className="signed-in-device-head">
        {isHandheld(device.device) ? <MobilePhone /> : <Desktop />}
        <H2>{device.device}</H2>
        {device.current && <Tag intent="primary">{THIS_DEVICE}</Tag>}
      </div>
      <dl className="signed-in-device-facts">
        <dt>Where from</dt>
        <dd>{device.address ?? 'Unknown'}</dd>
        <dt>Signed in</dt>
        <dd>{signedIn}</dd>
        <dt>Last used</dt>
        <dd>{device.current ? 'Now' : deviceTime(device.last_used_at)}</dd>
      </dl>
      {device.current ? (
        <Button icon={<LogOut />} aria-label={`Log out of ${THIS_DEVICE.toLowerCase()}`} onClick={onLogOut}>
          Log out
        </Button>
      ) : (
        // Two devices may share a name: the button says which one by when it signed in.
        <Button icon={<LogOut />} aria-label={`Sign out ${device.device}, signed in ${signedIn}`} disabled={disabled} loading={signingOut} onClick={onSignOut}>
          Sign out
        </Button>
      )}
    </Card>
  );
}
