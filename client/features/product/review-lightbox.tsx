/**
 * `<ReviewLightbox photos start onClose>`: review photos (or, full screen, the goods gallery's) full size in a modal. The dialog traps
 * focus, closes on Escape and returns focus to the thumbnail that opened it; the arrow keys, Home
 * and End move between photos, and so does a horizontal swipe on a touch screen.
 */
import { useEffect, useRef, useState, type PointerEvent } from 'react'
import type { Image } from '#shared/models/common.ts'
import { Dialog } from '#client/components/ui/dialog.tsx'
import { IconButton } from '#client/components/ui/button.tsx'

/** One photo of the lightbox and whose review it comes from. */
export interface LightboxPhoto {
  image: Image
  /** Accessible description: who took it, e.g. `Фото из отзыва: Ольга, оценка 5`. */
  alt: string
}

export interface ReviewLightboxProps {
  photos: readonly LightboxPhoto[]
  /** Index of the photo shown first. */
  start: number
  onClose: () => void
  /** The dialog's heading. Default «Фото из отзывов». */
  title?: string
  /** Cover the whole screen (the goods gallery's photos). */
  fullScreen?: boolean
}

/** Horizontal travel that counts as a swipe, in CSS pixels. */
const SWIPE_PX = 40

/** The index after a step from `index` in a ring of `count` photos. */
export function stepPhoto(index: number, step: number, count: number): number {
  if (count <= 0) return 0
  return (((index + step) % count) + count) % count
}

/** Review photos, one at a time, in a modal. */
export function ReviewLightbox({ photos, start, onClose, title = 'Фото из отзывов', fullScreen }: ReviewLightboxProps) {
  const [index, setIndex] = useState(() => Math.min(Math.max(start, 0), Math.max(photos.length - 1, 0)))
  const swipeFrom = useRef<number | undefined>(undefined)
  const count = photos.length
  const go = (step: number) => setIndex((current) => stepPhoto(current, step, count))

  // Arrow keys anywhere in the open lightbox (the dialog owns Escape and Tab).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') setIndex((current) => stepPhoto(current, 1, count))
      else if (event.key === 'ArrowLeft') setIndex((current) => stepPhoto(current, -1, count))
      else if (event.key === 'Home') setIndex(0)
      else if (event.key === 'End') setIndex(count - 1)
      else return
      event.preventDefault()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [count])

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType !== 'mouse') swipeFrom.current = event.clientX
  }
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (swipeFrom.current === undefined) return
    const delta = event.clientX - swipeFrom.current
    swipeFrom.current = undefined
    if (Math.abs(delta) >= SWIPE_PX) go(delta < 0 ? 1 : -1)
  }

  const photo = photos[index]
  if (!photo) return null
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      size={fullScreen ? 'full' : 'lg'}
      className={fullScreen ? 'lightbox lightbox--full' : 'lightbox'}
    >
      <figure className="lightbox__figure" aria-roledescription="слайд" aria-label={`Фото ${index + 1} из ${count}`}>
        <div
          className="lightbox__stage"
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerCancel={() => (swipeFrom.current = undefined)}
        >
          <img
            key={photo.image.url}
            className="lightbox__image"
            src={photo.image.url}
            width={photo.image.width}
            height={photo.image.height}
            alt={photo.alt}
            draggable={false}
          />
          {count > 1 && (
            <>
              <IconButton
                icon="chevron-left"
                label="Предыдущее фото"
                variant="secondary"
                className="lightbox__nav lightbox__nav--prev"
                onClick={() => go(-1)}
              />
              <IconButton
                icon="chevron-right"
                label="Следующее фото"
                variant="secondary"
                className="lightbox__nav lightbox__nav--next"
                onClick={() => go(1)}
              />
            </>
          )}
        </div>
        <figcaption className="lightbox__caption">
          <span>{photo.alt}</span>
          <span className="lightbox__counter" aria-live="polite">
            {index + 1} из {count}
          </span>
        </figcaption>
      </figure>
    </Dialog>
  )
}
