// The UI kit's components the shell draws first (its header, menu and drawer, the outbox, saved
// reports and data saver buttons, the offline banner), from the kit's one file (vite.config.ts).
// Imported beside the shell (app/App.tsx loadSignedInSide) so the kit runs in a task of its own: on
// a tablet's slow CPU, one task running the kit and the shell together held the page for a tenth
// of a second.
export { Button, Callout, Drawer, Menu, MenuDivider, MenuItem, Navbar, NavbarDivider, NavbarGroup, NavbarHeading, Popover, Radio, RadioGroup, Spinner, Tag } from '@blueprintjs/core';
