/**
 * Resolves in a new task of the event loop: the page's main thread may paint and handle input in
 * between. A message posted to itself rather than a timer: no clamping, and a clock that a test holds
 * still (Playwright's `page.clock`) does not hold it back.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      // A port left open keeps a Node process (the tests) alive.
      channel.port1.close()
      resolve()
    }
    channel.port2.postMessage(undefined)
  })
}
