/**
 * A start-up failure the operator can fix from its message alone (an unreachable service):
 * server.ts prints the message as one plain line and exits 1, without a stack.
 */
export class StartupError extends Error {
  override name = 'StartupError';
}
