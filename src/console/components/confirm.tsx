// A question asked over the screen from code that renders nothing of its own (a download about to
// start): a Blueprint Alert in a root of its own, answered true (confirm) or false (cancel).
import { Alert, Intent } from '@blueprintjs/core';
import { createRoot } from 'react-dom/client';
import './blueprint';

let asked = 0;

export function askToConfirm(question: string, confirmButtonText: string): Promise<boolean> {
  // The question names the alert dialog for a screen reader (an Alert has no title of its own).
  const questionId = `confirm-question-${++asked}`;
  // Unmounted when answered, the alert never runs Blueprint's closing return of the focus: done here.
  const opener = document.activeElement;
  const host = document.body.appendChild(document.createElement('div'));
  const root = createRoot(host);
  return new Promise<boolean>((resolve) => {
    const answer = (yes: boolean) => {
      resolve(yes);
      root.unmount();
      host.remove();
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
    root.render(
      <Alert
        isOpen
        intent={Intent.PRIMARY}
        confirmButtonText={confirmButtonText}
        cancelButtonText="Cancel"
        aria-labelledby={questionId}
        onConfirm={() => answer(true)}
        onCancel={() => answer(false)}
      >
        <p id={questionId}>{question}</p>
      </Alert>,
    );
  });
}
