/**
 * Runs `run` in a task of its own after the browser has rendered its next frame, so that what was
 * just committed is styled, laid out and painted in that frame, not together with the next step's
 * work. A page that renders no frames (a hidden tab) runs it after `fallbackMs` instead. Returns a
 * function that cancels the call if it has not run yet.
 */
export function afterNextFrame(run: () => void, fallbackMs = 100): () => void {
  let done = false
  const once = () => {
    if (done) return
    done = true
    cancelAnimationFrame(frame)
    clearTimeout(timer)
    run()
  }
  // A message posted in the frame's animation callbacks is handled after that frame's layout and paint.
  const frame = requestAnimationFrame(() => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      once()
    }
    channel.port2.postMessage(undefined)
  })
  const timer = setTimeout(once, fallbackMs)
  return () => {
    done = true
    cancelAnimationFrame(frame)
    clearTimeout(timer)
  }
}
