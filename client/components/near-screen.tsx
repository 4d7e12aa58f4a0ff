/**
 * `<NearScreen load props>`: a part of a page whose code is a lazy chunk, loaded only when its place
 * comes near the screen after hydration (rails and blocks below the fold). The server and the
 * hydrating render draw an empty placeholder, so cached HTML stays the same for every visitor and the
 * first load carries none of the part's code. It lives in the shell's common kit (scripts/build/chunking.mjs),
 * so it is kept as small as it can be: modern browsers only (IntersectionObserver).
 */
import { useState, type ComponentType } from 'react'

/** Props of `NearScreen`: the part's loader (a stable function) and the props it renders with. */
export interface NearScreenProps<P> {
  load: () => Promise<ComponentType<P>>
  /** The part's props; may be left out when it has no required ones. */
  props?: P
}

/** Renders the loaded part once its placeholder is within 400 px of the screen; an empty placeholder before. */
export function NearScreen<P extends object>({ load, props = {} as P }: NearScreenProps<P>) {
  const [Part, setPart] = useState<ComponentType<P>>()
  if (Part) return <Part {...props} />
  // An empty div: the observer reports a target of no height too, so it needs no style. A callback ref
  // with a cleanup (React 19) watches it while it is in the page.
  return (
    <div
      ref={(element) => {
        const observer = new IntersectionObserver(
          (entries) => {
            // One target: its entry is always there.
            if (entries[0]!.isIntersecting) load().then((part) => setPart(() => part), Boolean)
          },
          { rootMargin: '400px' },
        )
        observer.observe(element!)
        return () => observer.disconnect()
      }}
    />
  )
}
