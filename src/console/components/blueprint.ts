// The UI kit's stylesheet and the console's layout over it (app/console.css), in that order.
// Imported by every module that draws Blueprint components outside the shell's chunk too (the
// signed-out screens other than the login page, the toaster, the about menu), so the stylesheet
// comes with the first of them and never blocks the login page's first paint.
import '@blueprintjs/core/lib/css/blueprint.css';
import '../app/console.css';
