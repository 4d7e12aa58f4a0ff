/**
 * `<ReviewsSection goodsId>`: the reviews child route — scores with the star distribution, the review
 * photo carousel, the shopper's own review state (personal: read after hydration) and the review list
 * with 'Показать ещё'.
 */
import { useState } from 'react'
import type { Review } from '#shared/models/reviews.ts'
import { REVIEWS_PAGE_SIZE, reviewMediaQuery, reviewsQuery, scoresQuery, userReviewInfoQuery } from '#shared/queries/reviews.ts'
import { useApp } from '#client/app/app-context.tsx'
import { Button, EmptyState, Rating } from '#client/components/ui/index.ts'
import { useHydrated } from '#client/components/ui/use-hydrated.ts'
import { countLabel, formatDate } from '#client/lib/format.ts'
import { useQuery } from '#client/data/use-query.ts'

const REVIEW_FORMS = ['отзыв', 'отзыва', 'отзывов'] as const

/** The reviews of goods. */
export function ReviewsSection({ goodsId }: { goodsId: number }) {
  const { data: scores } = useQuery(scoresQuery(goodsId), { revalidateOnMount: false })
  const { data: media } = useQuery(reviewMediaQuery(goodsId), { revalidateOnMount: false })
  const { data: first } = useQuery(reviewsQuery(goodsId, 1))
  const [pages, setPages] = useState(1)
  const total = first?.total ?? scores?.count ?? 0
  const more = pages * REVIEWS_PAGE_SIZE < total
  return (
    <section className="reviews" aria-labelledby="reviews-title">
      <h2 id="reviews-title" className="section-title">Отзывы покупателей</h2>
      <div className="reviews__layout">
        <div className="reviews__aside">
          {scores && (
            <div className="scores">
              <p className="scores__average">{scores.average.toFixed(1).replace('.', ',')}</p>
              <Rating value={scores.average} showValue={false} size="lg" />
              <p className="scores__count text-muted">{countLabel(scores.count, REVIEW_FORMS)}</p>
              <ul className="scores__bars">
                {[...scores.distribution].sort((a, b) => b.rating - a.rating).map((row) => (
                  <li key={row.rating} className="scores__row">
                    <span className="scores__stars">{row.rating} ★</span>
                    <span className="scores__bar" aria-hidden="true">
                      <span style={{ width: `${scores.count ? (row.count / scores.count) * 100 : 0}%` }} />
                    </span>
                    <span className="scores__n">{row.count}<span className="visually-hidden"> с оценкой {row.rating}</span></span>
                  </li>
                ))}
              </ul>
            </div>
          )}
          <OwnReview goodsId={goodsId} />
        </div>
        <div className="reviews__main">
          {media && media.items.length > 0 && (
            <section className="review-media" aria-label="Фото покупателей">
              <ul className="review-media__list">
                {media.items.map((item, index) => (
                  <li key={`${item.reviewId}-${index}`} className="review-media__item">
                    <img src={item.image.url} width={item.image.width} height={item.image.height} alt={`Фото из отзыва: ${item.authorName}, оценка ${item.rating}`} loading="lazy" decoding="async" />
                  </li>
                ))}
              </ul>
            </section>
          )}
          {total === 0 ? (
            <EmptyState title="Отзывов пока нет" text="Станьте первым, кто расскажет об этом товаре." icon="star" headingLevel={3} />
          ) : (
            <ul className="review-list">
              {Array.from({ length: pages }, (_, i) => <ReviewsPage key={i} goodsId={goodsId} page={i + 1} />)}
            </ul>
          )}
          {more && (
            <div className="show-more">
              <Button variant="secondary" onClick={() => setPages(pages + 1)}>Показать ещё отзывы</Button>
            </div>
          )}
        </div>
      </div>
    </section>
  )
}

function ReviewsPage({ goodsId, page }: { goodsId: number; page: number }) {
  const { data } = useQuery(reviewsQuery(goodsId, page))
  if (!data) return <li className="review-list__loading" aria-busy="true">Загружаем отзывы…</li>
  return <>{data.items.map((review) => <ReviewItem key={review.id} review={review} />)}</>
}

/** One review. */
export function ReviewItem({ review, own }: { review: Review; own?: boolean }) {
  return (
    <li className="review">
      <article aria-label={`Отзыв: ${review.authorName}`}>
        <header className="review__head">
          <span className="review__author">{review.authorName}</span>
          <time className="review__date text-muted" dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
        </header>
        <Rating value={review.rating} showValue={false} size="sm" />
        {own && review.status === 'moderation' && <p className="badge">На модерации</p>}
        <p className="review__text">{review.text}</p>
        {review.pros && <p className="review__pros"><strong>Достоинства:</strong> {review.pros}</p>}
        {review.cons && <p className="review__cons"><strong>Недостатки:</strong> {review.cons}</p>}
        {review.photos.length > 0 && (
          <ul className="review__photos">
            {review.photos.map((photo) => (
              <li key={photo.url}>
                <img src={photo.url} width={photo.width} height={photo.height} alt={photo.alt || 'Фото из отзыва'} loading="lazy" decoding="async" />
              </li>
            ))}
          </ul>
        )}
      </article>
    </li>
  )
}

/** The shopper's own review state: personal, so only in the browser after hydration. */
function OwnReview({ goodsId }: { goodsId: number }) {
  const { session, openLogin } = useApp()
  const hydrated = useHydrated()
  const { data } = useQuery(hydrated && session.authorized ? userReviewInfoQuery(goodsId) : null)
  if (!hydrated) return null
  if (!session.authorized) {
    return (
      <div className="own-review">
        <p>Купили этот товар? Расскажите о нём другим покупателям.</p>
        <Button variant="secondary" onClick={() => void openLogin({ reason: 'review' })}>Войти, чтобы оставить отзыв</Button>
      </div>
    )
  }
  if (!data) return null
  if (data.userReview) {
    return (
      <div className="own-review">
        <h3 className="own-review__title">Ваш отзыв</h3>
        <ul className="review-list"><ReviewItem review={data.userReview} own /></ul>
      </div>
    )
  }
  return (
    <div className="own-review">
      <p>{data.canReview ? 'Вы ещё не оставляли отзыв на этот товар.' : 'Отзыв можно оставить после покупки товара.'}</p>
    </div>
  )
}
