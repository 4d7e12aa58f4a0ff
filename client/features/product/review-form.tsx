/**
 * `<ReviewForm goodsId>`: a signed-in shopper writes a review — a rating of 1 to 5 stars, pros, cons,
 * text and up to three photos (`POST /v2/object/feedback`). Photos are scaled down in the browser so
 * the body stays small; messages are Russian; the review then shows as the shopper's own, in moderation.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { mutate, unstable_serialize } from 'swr'
import { AppError } from '#shared/api/errors.ts'
import type { FeedbackPhoto } from '#shared/models/polls.ts'
import { REVIEW_PHOTO_BASE64_MAX, REVIEW_PHOTOS_MAX } from '#shared/models/values.ts'
import { reviewsQuery, scoresQuery, userReviewInfoQuery } from '#shared/queries/reviews.ts'
import { useApi } from '#client/context/app-context.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { cx } from '#client/components/ui/class-names.ts'
import { useToast } from '#client/components/toasts/toast-provider.tsx'

const TEXT_MAX = 2000
const NOTE_MAX = 1000
/** The longest side of a sent photo, in pixels; then lower until it fits. */
const PHOTO_SIDES = [1600, 1200, 900, 600] as const
const RATING_WORDS = ['Плохо', 'Так себе', 'Нормально', 'Хорошо', 'Отлично'] as const

/** Field messages of the form. */
type Errors = Partial<Record<'rating' | 'text' | 'pros' | 'cons' | 'photos' | 'form', string>>

/** Checks the fields; Russian messages per field. */
export function validateReview(input: { rating: number; text: string; pros: string; cons: string }): Errors {
  const errors: Errors = {}
  if (input.rating < 1 || input.rating > 5) errors.rating = 'Поставьте оценку от 1 до 5'
  if (!input.text.trim()) errors.text = 'Напишите несколько слов о товаре'
  else if (input.text.length > TEXT_MAX) errors.text = `Не больше ${TEXT_MAX} символов`
  if (input.pros.length > NOTE_MAX) errors.pros = `Не больше ${NOTE_MAX} символов`
  if (input.cons.length > NOTE_MAX) errors.cons = `Не больше ${NOTE_MAX} символов`
  return errors
}

/** A picked photo: what is sent and its preview. */
interface PickedPhoto extends FeedbackPhoto {
  name: string
}

/** Scales an image file down to JPEG base64 under the gateway limit; null when it cannot be read. */
async function encodePhoto(file: File): Promise<PickedPhoto | null> {
  let bitmap: ImageBitmap
  try {
    bitmap = await createImageBitmap(file)
  } catch {
    return null
  }
  try {
    for (const side of PHOTO_SIDES) {
      const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height))
      const width = Math.max(1, Math.round(bitmap.width * scale))
      const height = Math.max(1, Math.round(bitmap.height * scale))
      const canvas = document.createElement('canvas')
      canvas.width = width
      canvas.height = height
      const context = canvas.getContext('2d')
      if (!context) return null
      context.fillStyle = '#ffffff'
      context.fillRect(0, 0, width, height)
      context.drawImage(bitmap, 0, 0, width, height)
      const data = canvas.toDataURL('image/jpeg', 0.82).split(',', 2)[1] ?? ''
      if (data && data.length <= REVIEW_PHOTO_BASE64_MAX)
        return { type: 'image/jpeg', data, width, height, name: file.name }
    }
    return null
  } finally {
    bitmap.close()
  }
}

export interface ReviewFormProps {
  goodsId: number
  onCancel: () => void
}

/** The review form. */
export function ReviewForm({ goodsId, onCancel }: ReviewFormProps) {
  const api = useApi()
  const toast = useToast()
  const id = useId()
  const [rating, setRating] = useState(0)
  const [text, setText] = useState('')
  const [pros, setPros] = useState('')
  const [cons, setCons] = useState('')
  const [photos, setPhotos] = useState<PickedPhoto[]>([])
  const [errors, setErrors] = useState<Errors>({})
  const [busy, setBusy] = useState(false)
  const [reading, setReading] = useState(false)

  // The form opens with focus on its first field, the rating.
  const firstStar = useRef<HTMLInputElement>(null)
  useEffect(() => {
    firstStar.current?.focus()
  }, [])

  /** Drops a field's error as soon as its new value passes the check. */
  const clearValid = (name: 'text' | 'pros' | 'cons', value: string) => {
    const found = validateReview({ rating, text, pros, cons, [name]: value })
    if (!found[name]) setErrors({ ...errors, [name]: undefined })
  }

  const addPhotos = async (files: FileList | null) => {
    if (!files?.length) return
    const picked = [...files]
    const room = REVIEW_PHOTOS_MAX - photos.length
    if (picked.some((file) => !file.type.startsWith('image/'))) {
      return setErrors({ ...errors, photos: 'Можно прикрепить только фотографии (JPEG, PNG, WebP)' })
    }
    if (picked.length > room)
      return setErrors({ ...errors, photos: `Можно прикрепить не больше ${REVIEW_PHOTOS_MAX} фото` })
    setReading(true)
    const encoded = await Promise.all(picked.map(encodePhoto))
    setReading(false)
    if (encoded.some((photo) => photo === null))
      return setErrors({ ...errors, photos: 'Не удалось прочитать фото. Выберите другой файл' })
    setPhotos([...photos, ...(encoded as PickedPhoto[])])
    setErrors({ ...errors, photos: undefined })
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const found = validateReview({ rating, text, pros, cons })
    setErrors(found)
    if (Object.keys(found).length) return
    setBusy(true)
    try {
      await api.call((await import('#shared/gateway/polls.ts')).sendFeedback, {
        body: {
          objectType: 'goods',
          objectId: String(goodsId),
          rating,
          text: text.trim(),
          ...(pros.trim() ? { pros: pros.trim() } : {}),
          ...(cons.trim() ? { cons: cons.trim() } : {}),
          ...(photos.length ? { photos: photos.map(({ name: _name, ...photo }) => photo) } : {}),
        },
      })
      await Promise.all([
        mutate(unstable_serialize(userReviewInfoQuery(goodsId).key)),
        mutate(unstable_serialize(scoresQuery(goodsId).key)),
        mutate(unstable_serialize(reviewsQuery(goodsId, 1).key)),
      ])
      toast.show({
        theme: 'success',
        type: 'review-sent',
        title: 'Спасибо за отзыв!',
        description: 'Он появится у товара после модерации',
      })
    } catch (error) {
      const fields =
        error instanceof AppError ? (error.details?.fields as Record<string, string> | undefined) : undefined
      const already = error instanceof AppError && error.gatewayCode === 'alreadyAccepted'
      setErrors({
        ...(fields ?? {}),
        form: already
          ? 'Вы уже оставили отзыв на этот товар'
          : fields
            ? 'Проверьте поля отзыва'
            : 'Не удалось отправить отзыв. Попробуйте ещё раз',
      })
    } finally {
      setBusy(false)
    }
  }

  const field = (
    name: 'text' | 'pros' | 'cons',
    label: string,
    value: string,
    set: (v: string) => void,
    max: number,
    rows: number,
  ) => (
    <div className={cx('field', errors[name] && 'field--invalid')}>
      <label className="field__label" htmlFor={`${id}-${name}`}>
        {label}
      </label>
      <textarea
        id={`${id}-${name}`}
        className="field__input review-form__textarea"
        rows={rows}
        value={value}
        maxLength={max + 1}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        onChange={(event) => {
          set(event.target.value)
          if (errors[name]) clearValid(name, event.target.value)
        }}
      />
      {errors[name] && (
        <p className="field__error" id={`${id}-${name}-error`}>
          {errors[name]}
        </p>
      )}
    </div>
  )

  return (
    <form className="review-form" aria-label="Новый отзыв" noValidate onSubmit={(event) => void submit(event)}>
      <fieldset
        className={cx('review-form__stars', errors.rating && 'field--invalid')}
        aria-describedby={errors.rating ? `${id}-rating-error` : undefined}
      >
        <legend className="field__label">Оценка</legend>
        {RATING_WORDS.map((word, index) => (
          <label key={word} className={cx('review-form__star', index < rating && 'is-on')} title={word}>
            <input
              type="radio"
              name={`${id}-rating`}
              value={index + 1}
              checked={rating === index + 1}
              onChange={() => {
                setRating(index + 1)
                if (errors.rating) setErrors({ ...errors, rating: undefined })
              }}
              ref={index === 0 ? firstStar : undefined}
              className="visually-hidden"
            />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">
              {index + 1} — {word}
            </span>
          </label>
        ))}
        {errors.rating && (
          <p className="field__error" id={`${id}-rating-error`}>
            {errors.rating}
          </p>
        )}
      </fieldset>
      {field('pros', 'Достоинства', pros, setPros, NOTE_MAX, 2)}
      {field('cons', 'Недостатки', cons, setCons, NOTE_MAX, 2)}
      {field('text', 'Комментарий', text, setText, TEXT_MAX, 4)}
      <div className={cx('field', errors.photos && 'field--invalid')}>
        <span className="field__label" id={`${id}-photos-label`}>
          Фото
        </span>
        <div className="review-form__photo-row">
          {photos.length > 0 && (
            <ul className="review-form__photos" aria-label="Прикреплённые фото">
              {photos.map((photo, index) => (
                <li key={`${photo.name}-${index}`} className="review-form__photo">
                  <img
                    src={`data:${photo.type};base64,${photo.data}`}
                    width={photo.width}
                    height={photo.height}
                    alt={`Фото ${index + 1}: ${photo.name}`}
                  />
                  <button
                    type="button"
                    className="review-form__photo-remove"
                    aria-label={`Убрать фото ${index + 1}`}
                    onClick={() => setPhotos(photos.filter((_, i) => i !== index))}
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          {photos.length < REVIEW_PHOTOS_MAX && (
            <label className={cx('review-form__add', reading && 'is-busy')}>
              {/* The native control stays for keyboards and screen readers; the browser's own
                  «Choose Files / No file chosen» (in the browser's language) is never shown. */}
              <input
                type="file"
                className="visually-hidden"
                accept="image/jpeg,image/png,image/webp"
                multiple
                disabled={reading}
                aria-describedby={`${id}-photos-hint`}
                onChange={(event) => {
                  void addPhotos(event.target.files)
                  event.target.value = ''
                }}
              />
              <span className="review-form__add-plus" aria-hidden="true">
                +
              </span>
              <span>{reading ? 'Загружаем…' : 'Добавить фото'}</span>
            </label>
          )}
        </div>
        <p className="field__hint" id={`${id}-photos-hint`}>
          {photos.length ? `${photos.length} из ${REVIEW_PHOTOS_MAX}` : `До ${REVIEW_PHOTOS_MAX} фото`}, JPEG, PNG или
          WebP
        </p>
        {errors.photos && (
          <p className="field__error" role="alert">
            {errors.photos}
          </p>
        )}
      </div>
      {errors.form && (
        <p className="field__error" role="alert">
          {errors.form}
        </p>
      )}
      <div className="review-form__actions">
        <Button type="submit" disabled={busy || reading} aria-busy={busy || undefined}>
          Отправить отзыв
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Отмена
        </Button>
      </div>
    </form>
  )
}
