/**
 * `<Gallery images name>`: the product image gallery — one large image in a box of reserved size,
 * previous/next buttons, thumbnails, arrow keys on the focused gallery and swipe on touch screens.
 * A tap or click on the image opens the photos full screen, in the reviews' lightbox.
 */
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import type { Image } from '#shared/models/common.ts'
import { IconButton } from '#client/components/ui/button.tsx'
import { cx } from '#client/components/ui/class-names.ts'
import { useAnalytics } from '#client/analytics/analytics-provider.tsx'
// The reviews section already brings the lightbox with the product page's code: importing it here
// adds no bytes, where a lazy import made it a request of its own before first paint.
import { ReviewLightbox } from './review-lightbox.tsx'

export interface GalleryProps {
  images: readonly Image[]
  /** Product name, for the image alt texts. */
  name: string
  goodsId: number
}

const SWIPE_PX = 40

/** Accessible image gallery. */
export function Gallery({ images, name, goodsId }: GalleryProps) {
  const [index, setIndex] = useState(0)
  const [viewing, setViewing] = useState(false)
  const start = useRef<number | undefined>(undefined)
  // A swipe ends with a click on the image too: that click must not open the viewer.
  const swiped = useRef(false)
  const { track } = useAnalytics()
  const count = images.length
  const go = (next: number) => {
    if (count < 2) return
    const target = (next + count) % count
    setIndex(target)
    track('product_gallery_swipe', { product_id: String(goodsId), position: target + 1 })
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowRight') go(index + 1)
    else if (event.key === 'ArrowLeft') go(index - 1)
    else if (event.key === 'Home') go(0)
    else if (event.key === 'End') go(count - 1)
    else return
    event.preventDefault()
  }
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    swiped.current = false
    if (event.pointerType !== 'mouse') start.current = event.clientX
  }
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current === undefined) return
    const delta = event.clientX - start.current
    start.current = undefined
    if (Math.abs(delta) < SWIPE_PX) return
    swiped.current = true
    go(delta < 0 ? index + 1 : index - 1)
  }
  const current = images[index]
  return (
    <div
      className="gallery"
      role="region"
      aria-roledescription="галерея"
      aria-label={`Фотографии товара, ${index + 1} из ${Math.max(count, 1)}`}
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      <div
        className="gallery__stage"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (start.current = undefined)}
      >
        {current ? (
          <button
            type="button"
            className="gallery__open"
            aria-haspopup="dialog"
            onClick={() => {
              if (swiped.current) return
              setViewing(true)
            }}
          >
            <img
              key={current.url}
              className="gallery__image"
              src={current.url}
              width={current.width}
              height={current.height}
              alt={current.alt || `${name}, фото ${index + 1}`}
              draggable={false}
              fetchPriority={index === 0 ? 'high' : 'auto'}
            />
            <span className="visually-hidden">. Открыть на весь экран</span>
          </button>
        ) : (
          <span className="gallery__empty">Нет фото</span>
        )}
        {count > 1 && (
          <>
            <IconButton
              icon="chevron-left"
              label="Предыдущее фото"
              variant="secondary"
              className="gallery__nav gallery__nav--prev"
              onClick={() => go(index - 1)}
            />
            <IconButton
              icon="chevron-right"
              label="Следующее фото"
              variant="secondary"
              className="gallery__nav gallery__nav--next"
              onClick={() => go(index + 1)}
            />
            <span className="gallery__counter" aria-hidden="true">
              {index + 1} / {count}
            </span>
          </>
        )}
      </div>
      {count > 1 && (
        <ul className="gallery__thumbs">
          {images.map((image, i) => (
            <li key={image.url}>
              <button
                type="button"
                className={cx('gallery__thumb', i === index && 'is-current')}
                aria-label={`Фото ${i + 1}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => go(i)}
              >
                <img src={image.url} width={image.width} height={image.height} alt="" loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {viewing && (
        <ReviewLightbox
          photos={images.map((image, i) => ({ image, alt: image.alt || `${name}, фото ${i + 1}` }))}
          start={index}
          title={name}
          fullScreen
          onClose={() => setViewing(false)}
        />
      )}
    </div>
  )
}
