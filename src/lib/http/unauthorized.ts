type UnauthorizedHandler = () => void;

let handler: UnauthorizedHandler = () => {};

/**
 * The app decides where a lost session leads (work users to /login, check users to WeChat OAuth).
 * A module of its own, so the app can install it at start without loading the HTTP client (axios):
 * the client is evaluated with the first page that calls the API, in a task of its own.
 */
export function setUnauthorizedHandler(next: UnauthorizedHandler): void {
  handler = next;
}

export function notifyUnauthorized(): void {
  handler();
}
