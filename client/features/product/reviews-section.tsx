/**
 * `<ReviewsSection goodsId>`: the reviews child route — scores with the star distribution, the review
 * photo carousel, the shopper's own review state (personal: read after hydration) and the review list
 * with a sort, a 'С фото' filter and 'Показать ещё'. A signed-in shopper writes a review in place. Every review photo opens full size in a lightbox.
 */
import { useId, useState } from 'react'
import type { Review } from '#shared/models/reviews.ts'
import {
  REVIEWS_PAGE_SIZE,
  reviewMediaQuery,
  reviewsQuery,
  scoresQuery,
  userReviewInfoQuery,
  type ReviewSort,
} from '#shared/queries/reviews.ts'
import { useApp } from '#client/context/app-context.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Checkbox } from '#client/components/ui/checkbox.tsx'
import { EmptyState } from '#client/components/ui/empty-state.tsx'
import { Rating } from '#client/components/ui/rating.tsx'
import { useHydrated } from '#client/components/ui/use-hydrated.ts'
import { countLabel } from '#client/lib/format.ts'
import { formatDate } from '#client/lib/format-date.ts'
import { useQuery } from '#client/data/use-query.ts'
import { ReviewForm } from './review-form.tsx'
import { ReviewLightbox, type LightboxPhoto } from './review-lightbox.tsx'

const REVIEW_FORMS = ['отзыв', 'отзыва', 'отзывов'] as const

/** The sort choices of the review list, in the order shown. */
export const REVIEW_SORT_LABELS: Readonly<Record<ReviewSort, string>> = {
  new: 'Сначала новые',
  'rating-desc': 'С высокой оценкой',
  'rating-asc': 'С низкой оценкой',
}

/** What the list shows; the default (newest, all) is the route loader's list. */
interface ReviewFilter {
  sort: ReviewSort
  withPhotos: boolean
}

/** The query arguments past the page: none for the default list, so its key is the loader's key. */
const filterArgs = ({ sort, withPhotos }: ReviewFilter): [ReviewSort?, boolean?] =>
  withPhotos ? [sort, true] : sort !== 'new' ? [sort] : []

/** Opens the lightbox on a set of photos. */
type OpenPhotos = (photos: readonly LightboxPhoto[], start: number) => void

/** The reviews of goods. `knownCount` is the goods' review count when the page has it before the reviews load. */
export function ReviewsSection({ goodsId, knownCount }: { goodsId: number; knownCount?: number | undefined }) {
  const sortId = useId()
  // Preloaded by the goods route (no refetch after hydration); fetched here where the route does not
  // preload them (promo goods pages).
  const { data: scores } = useQuery(scoresQuery(goodsId), { revalidateIfStale: false })
  const { data: media } = useQuery(reviewMediaQuery(goodsId), { revalidateIfStale: false })
  const [filter, setFilter] = useState<ReviewFilter>({ sort: 'new', withPhotos: false })
  const { data: first } = useQuery(reviewsQuery(goodsId, 1, ...filterArgs(filter)))
  const [pages, setPages] = useState(1)
  const [lightbox, setLightbox] = useState<{ photos: readonly LightboxPhoto[]; start: number }>()
  const openPhotos: OpenPhotos = (photos, start) => setLightbox({ photos, start })
  const filtered = filter.withPhotos
  // Unknown until the scores or the list arrive (a promo page renders before it has either): the list
  // waits as a skeleton then, and «Отзывов пока нет» is said only when the count is known to be 0.
  const total = first?.total ?? (filtered ? 0 : (scores?.count ?? knownCount))
  const allCount = scores?.count ?? first?.total ?? knownCount ?? 0
  const more = total !== undefined && pages * REVIEWS_PAGE_SIZE < total
  const changeFilter = (next: ReviewFilter) => {
    setFilter(next)
    setPages(1)
  }
  const mediaPhotos: LightboxPhoto[] = (media?.items ?? []).map((item) => ({
    image: item.image,
    alt: `Фото из отзыва: ${item.authorName}, оценка ${item.rating}`,
  }))
  return (
    <section className="reviews" aria-labelledby="reviews-title">
      <h2 id="reviews-title" className="section-title">
        Отзывы покупателей
      </h2>
      <div className="reviews__layout">
        <div className="reviews__aside">
          {scores && scores.count > 0 && (
            <div className="scores">
              <p className="scores__average">{scores.average.toFixed(1).replace('.', ',')}</p>
              <Rating value={scores.average} showValue={false} size="lg" />
              <p className="scores__count text-muted">{countLabel(scores.count, REVIEW_FORMS)}</p>
              <ul className="scores__bars">
                {[...scores.distribution]
                  .sort((a, b) => b.rating - a.rating)
                  .map((row) => (
                    <li key={row.rating} className="scores__row">
                      <span className="scores__stars">{row.rating} ★</span>
                      <span className="scores__bar" aria-hidden="true">
                        <span style={{ width: `${scores.count ? (row.count / scores.count) * 100 : 0}%` }} />
                      </span>
                      <span className="scores__n">
                        {row.count}
                        <span className="visually-hidden"> с оценкой {row.rating}</span>
                      </span>
                    </li>
                  ))}
              </ul>
            </div>
          )}
          <OwnReview goodsId={goodsId} openPhotos={openPhotos} />
        </div>
        <div className="reviews__main">
          {mediaPhotos.length > 0 && (
            <section className="review-media" aria-label="Фото покупателей">
              <ul className="review-media__list">
                {mediaPhotos.map((photo, index) => (
                  <li key={`${photo.image.url}-${index}`} className="review-media__item">
                    <button
                      type="button"
                      className="review-photo"
                      onClick={() => openPhotos(mediaPhotos, index)}
                      aria-label={`Открыть фото ${index + 1} из ${mediaPhotos.length}. ${photo.alt}`}
                    >
                      <img
                        src={photo.image.url}
                        width={photo.image.width}
                        height={photo.image.height}
                        alt=""
                        loading="lazy"
                        decoding="async"
                      />
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {allCount > 1 && (
            <div className="review-controls">
              <div className="review-controls__sort">
                <label htmlFor={sortId} className="review-controls__label">
                  Сортировка
                </label>
                <select
                  id={sortId}
                  className="field__input review-controls__select"
                  value={filter.sort}
                  onChange={(event) => changeFilter({ ...filter, sort: event.target.value as ReviewSort })}
                >
                  {(Object.keys(REVIEW_SORT_LABELS) as ReviewSort[]).map((sort) => (
                    <option key={sort} value={sort}>
                      {REVIEW_SORT_LABELS[sort]}
                    </option>
                  ))}
                </select>
              </div>
              <Checkbox
                label="С фото"
                checked={filter.withPhotos}
                onChange={(event) => changeFilter({ ...filter, withPhotos: event.target.checked })}
              />
            </div>
          )}
          {first && total === 0 && filtered ? (
            <EmptyState
              title="Отзывов с фото пока нет"
              text="Снимите отметку «С фото», чтобы увидеть все отзывы."
              icon="star"
              headingLevel={3}
            />
          ) : total === 0 && !filtered ? (
            <EmptyState
              title="Отзывов пока нет"
              text="Станьте первым, кто расскажет об этом товаре."
              icon="star"
              headingLevel={3}
            />
          ) : (
            <ul className="review-list" aria-label="Отзывы" aria-busy={first ? undefined : true}>
              {Array.from({ length: pages }, (_, i) => (
                <ReviewsPage key={i} goodsId={goodsId} page={i + 1} filter={filter} openPhotos={openPhotos} />
              ))}
            </ul>
          )}
          {more && (
            <div className="show-more">
              <Button variant="secondary" onClick={() => setPages(pages + 1)}>
                Показать ещё отзывы
              </Button>
            </div>
          )}
        </div>
      </div>
      {lightbox && (
        <ReviewLightbox photos={lightbox.photos} start={lightbox.start} onClose={() => setLightbox(undefined)} />
      )}
    </section>
  )
}

function ReviewsPage({
  goodsId,
  page,
  filter,
  openPhotos,
}: {
  goodsId: number
  page: number
  filter: ReviewFilter
  openPhotos: OpenPhotos
}) {
  const { data } = useQuery(reviewsQuery(goodsId, page, ...filterArgs(filter)))
  if (!data)
    return (
      <li className="review-list__loading" aria-busy="true">
        Загружаем отзывы…
      </li>
    )
  return (
    <>
      {data.items.map((review) => (
        <ReviewItem key={review.id} review={review} openPhotos={openPhotos} />
      ))}
    </>
  )
}

/** One review. */
export function ReviewItem({ review, own, openPhotos }: { review: Review; own?: boolean; openPhotos?: OpenPhotos }) {
  const photos: LightboxPhoto[] = review.photos.map((photo) => ({
    image: photo,
    alt: photo.alt || `Фото из отзыва: ${review.authorName}`,
  }))
  return (
    <li className="review">
      <article aria-label={`Отзыв: ${review.authorName}`}>
        <header className="review__head">
          <span className="review__author">{review.authorName}</span>
          <time className="review__date text-muted" dateTime={review.createdAt}>
            {formatDate(review.createdAt)}
          </time>
        </header>
        <Rating value={review.rating} showValue={false} size="sm" />
        {own && review.status === 'moderation' && <p className="badge">На модерации</p>}
        <p className="review__text">{review.text}</p>
        {review.pros && (
          <p className="review__pros">
            <strong>Достоинства:</strong> {review.pros}
          </p>
        )}
        {review.cons && (
          <p className="review__cons">
            <strong>Недостатки:</strong> {review.cons}
          </p>
        )}
        {review.photos.length > 0 && (
          <ul className="review__photos">
            {photos.map((photo, index) => (
              <li key={photo.image.url}>
                {openPhotos ? (
                  <button
                    type="button"
                    className="review-photo"
                    onClick={() => openPhotos(photos, index)}
                    aria-label={`Открыть фото ${index + 1} из ${photos.length}. ${photo.alt}`}
                  >
                    <img
                      src={photo.image.url}
                      width={photo.image.width}
                      height={photo.image.height}
                      alt=""
                      loading="lazy"
                      decoding="async"
                    />
                  </button>
                ) : (
                  <img
                    src={photo.image.url}
                    width={photo.image.width}
                    height={photo.image.height}
                    alt={photo.alt}
                    loading="lazy"
                    decoding="async"
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </article>
    </li>
  )
}

/** The shopper's own review state: personal, so only in the browser after hydration. */
function OwnReview({ goodsId, openPhotos }: { goodsId: number; openPhotos: OpenPhotos }) {
  const { session, openLogin } = useApp()
  const hydrated = useHydrated()
  const { data } = useQuery(hydrated && session.authorized ? userReviewInfoQuery(goodsId) : null)
  const [writing, setWriting] = useState(false)
  if (!hydrated) return null
  if (!session.authorized) {
    return (
      <div className="own-review">
        <p>Купили этот товар? Расскажите о нём другим покупателям.</p>
        <Button
          variant="secondary"
          onClick={() => void openLogin({ reason: 'Войдите, чтобы оставить отзыв о товаре' })}
        >
          Войти, чтобы оставить отзыв
        </Button>
      </div>
    )
  }
  if (!data) return null
  if (data.userReview) {
    return (
      <div className="own-review">
        <h3 className="own-review__title">Ваш отзыв</h3>
        <ul className="review-list">
          <ReviewItem review={data.userReview} own openPhotos={openPhotos} />
        </ul>
      </div>
    )
  }
  if (!data.canReview)
    return (
      <div className="own-review">
        <p>Отзыв можно оставить после покупки товара.</p>
      </div>
    )
  return (
    <div className="own-review">
      {writing ? (
        <ReviewForm goodsId={goodsId} onCancel={() => setWriting(false)} />
      ) : (
        <>
          <p>Вы ещё не оставляли отзыв на этот товар.</p>
          <Button variant="secondary" onClick={() => setWriting(true)}>
            Написать отзыв
          </Button>
        </>
      )}
    </div>
  )
}
