/**
 * Runs `run` in a task of its own after the browser's next frame: what the current task committed is
 * styled, laid out and painted in that frame, without `run`'s work. The first load's light form of
 * `afterNextFrame` (after-next-frame.ts), for the shell's handlers: no fallback for a hidden tab (a
 * tap comes from a shown one) and no cancel (decision 032). Answers the frame request's id.
 */
export const afterFrame = (run: () => void): number => requestAnimationFrame(() => setTimeout(run))
