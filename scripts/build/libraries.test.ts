// Each change the build makes to a library's shipped code, run on the installed version: a library
// update that moves its target fails here, not silently in the bundle.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { DARK_THEME, iconNameTables, RTK_QUERY_MARKER, sameTable, withoutDarkTheme, withRtkQueryMarkerWithoutStack } from './libraries';

const require = createRequire(import.meta.url);

describe("the build's changes to libraries", () => {
  it("drops the dark theme's rules from Blueprint's stylesheet, and only those", async () => {
    const file = require.resolve('@blueprintjs/core/lib/css/blueprint.css');
    const { Classes } = await import('@blueprintjs/core');
    expect(Classes.DARK).toBe(DARK_THEME);
    const css = readFileSync(file, 'utf8');
    const light = (await postcss([withoutDarkTheme]).process(css, { from: file })).css;
    expect(css).toContain(`.${DARK_THEME}`);
    expect(light).not.toContain(`.${DARK_THEME}`);
    expect(light.length).toBeLessThan(css.length * 0.9);
    expect(light).toContain('.bp6-button');
  });

  it("fails on a Blueprint stylesheet without dark-theme rules (the class renamed)", async () => {
    const from = '/x/node_modules/@blueprintjs/core/lib/css/blueprint.css';
    await expect(postcss([withoutDarkTheme]).process('.bp7-dark .bp7-button{color:red}', { from })).rejects.toThrow(/no \.bp6-dark rules/);
  });

  it("makes Blueprint's own table of icon names by splitting at hyphens", () => {
    const tables = iconNameTables();
    expect(Object.keys(tables.ours).length).toBeGreaterThan(1000);
    expect(sameTable(tables)).toBe(true);
  });

  it("finds RTK Query's marker in the installed module, and fails without it", () => {
    // The file the console's build takes (the package's browser ESM build, through its exports).
    const file = path.resolve(import.meta.dirname, '../../node_modules/@reduxjs/toolkit/dist/query/rtk-query.modern.mjs');
    const code = readFileSync(file, 'utf8');
    const changed = withRtkQueryMarkerWithoutStack(code, file);
    expect(changed).not.toContain(RTK_QUERY_MARKER);
    expect(changed).toContain('Object.create(Error.prototype)');
    expect(() => withRtkQueryMarkerWithoutStack(code.replace(RTK_QUERY_MARKER, 'new Error("x")'), file)).toThrow(/no longer makes its marker/);
  });
});
