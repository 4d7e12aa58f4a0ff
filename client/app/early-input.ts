/**
 * Input on the server's HTML before React listens. React attaches its listeners in `hydrateRoot`,
 * which waits for the page's chunks; until then the page is on screen and a shopper may already tap
 * and type. React does not replay events it never saw, so without this:
 * - a button clicked meanwhile would do nothing;
 * - a radio or a checkbox ticked meanwhile would be set back to the server's choice at the next render
 *   (the component's state never heard of it);
 * - text typed or an option picked meanwhile would stay on screen without the component knowing it,
 *   until a render put the old value back.
 *
 * The shell holds that input from its own start on and hands it to React once `hydrateRoot` has run
 * (decision 018, "Early input"; early-input-replay.ts): the fields first, then the last click if it
 * was on a `type="button"` button (one with no action of its own: links and form submits act without
 * our code). The replay's code is not in the shell: the first change of a field or click on such a
 * button starts loading it, and hydration waits for it (`ready`, at most `REPLAY_WAIT_MS`), so most
 * visitors, who do neither that early, never load it.
 */
import type { replayEarlyInput } from './early-input-replay.ts'

/**
 * How long hydration waits for the replay's code. A request that stalls (a dead connection, a proxy
 * holding it) must not keep the page without its handlers: after this the page hydrates and replays
 * nothing, as when the code fails to load.
 */
export const REPLAY_WAIT_MS = 3_000

export interface EarlyInput {
  /** Settles once whatever the release needs is loaded, or `REPLAY_WAIT_MS` on; await it before `hydrateRoot`. */
  ready(): Promise<void> | undefined
  /** Call right after `hydrateRoot`: stops holding and hands over what was held. */
  release(): void
}

/**
 * Starts holding early input: the fields changed (every kind of field sends `input`) and the target of
 * the last click. Bound: the page's fields and one element, until `release`.
 */
export function holdEarlyInput(): EarlyInput {
  const fields = new Set<EventTarget>()
  let clicked: EventTarget | null = null
  let replay: typeof replayEarlyInput | undefined
  let loading: Promise<void> | undefined
  const hold = (event: Event) => {
    if (event.type === 'input') fields.add(event.target!)
    else clicked = event.target
    if (event.type === 'input' || (event.target as Element).closest('button[type=button]'))
      loading ??= import('./early-input-replay.ts').then(
        (module) => void (replay = module.replayEarlyInput),
        // Without its code (offline, a deploy replaced the chunks) nothing is replayed.
        () => undefined,
      )
  }
  document.addEventListener('click', hold, true)
  document.addEventListener('input', hold, true)
  return {
    ready: () => loading && Promise.race([loading, new Promise<void>((done) => setTimeout(done, REPLAY_WAIT_MS))]),
    release: () => {
      document.removeEventListener('click', hold, true)
      document.removeEventListener('input', hold, true)
      replay?.(fields, clicked)
    },
  }
}
