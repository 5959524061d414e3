// The product's words: SPEC.md sections 5 and 8, verbatim where the specification gives them.
// Messages the specification leaves open are written in the same voice and marked as ours.
// Each is an export of its own, read as `import * as messages from '…/contract/messages'` and
// `messages.emailRequired`: a bundle carries only the messages its modules use, in the chunk of
// the module that defines them, so the login page's entry holds calls.ts alone.
export * from './calls';
export * from './outcomes';
export * from './refusals';
export * from './validation';
