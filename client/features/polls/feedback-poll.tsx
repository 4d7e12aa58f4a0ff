/**
 * `<FeedbackPoll pollId objectType objectId>`: the feedback poll (`GET /v2/poll/:id`) for a signed-in
 * shopper, answered with `POST /v2/object/feedback`. Shown in the browser only (answers need the
 * session); once answered or closed it stays hidden on this device. Sends `feedback_view`,
 * `feedback_submit_click` and `feedback_close_click`.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { AppError } from '#shared/api/errors.ts'
import type { Feedback, Poll, PollQuestion } from '#shared/models/polls.ts'
import { pollQuery } from '#shared/queries/polls.ts'
import { useApi, useApp } from '#client/context/app-context.tsx'
import { useAnalytics } from '#client/analytics/analytics-provider.tsx'
import { Button, IconButton } from '#client/components/ui/button.tsx'
import { cx } from '#client/components/ui/class-names.ts'
import { useHydrated } from '#client/components/ui/use-hydrated.ts'
import { useQuery } from '#client/data/use-query.ts'

/** The gateway's site poll («Как вам наш сайт?»), offered on goods pages. */
export const SITE_POLL_ID = 1

/** Local storage key remembering a poll answered or closed on this device. */
export const pollStorageKey = (pollId: number) => `aurora:poll:${pollId}`

const remembered = (pollId: number): boolean => {
  try {
    return localStorage.getItem(pollStorageKey(pollId)) !== null
  } catch {
    return false
  }
}
const remember = (pollId: number, how: 'answered' | 'closed') => {
  try {
    localStorage.setItem(pollStorageKey(pollId), how)
  } catch {
    // Private mode: the poll may show again next visit, which is harmless.
  }
}

/** One answer in progress. */
interface Answer {
  optionIds: number[]
  text: string
  rating: number
}
const EMPTY: Answer = { optionIds: [], text: '', rating: 0 }
const answered = (question: PollQuestion, answer: Answer | undefined) =>
  !!answer &&
  (question.kind === 'text'
    ? answer.text.trim() !== ''
    : question.kind === 'rating'
      ? answer.rating > 0
      : answer.optionIds.length > 0)

export interface FeedbackPollProps {
  pollId: number
  objectType: Feedback['objectType']
  objectId: string
}

/** The poll block; renders nothing before hydration, for anonymous visitors, or once done. */
export function FeedbackPoll({ pollId, ...target }: FeedbackPollProps) {
  const { session } = useApp()
  const hydrated = useHydrated()
  const [hidden, setHidden] = useState(true)
  useEffect(() => setHidden(remembered(pollId)), [pollId])
  const show = hydrated && session.authorized && !hidden
  const { data: poll } = useQuery(show ? pollQuery(pollId) : null)
  if (!show || !poll) return null
  return <PollForm poll={poll} {...target} onClose={() => setHidden(true)} />
}

function PollForm({
  poll,
  objectType,
  objectId,
  onClose,
}: {
  poll: Poll
  objectType: Feedback['objectType']
  objectId: string
  onClose: () => void
}) {
  const api = useApi()
  const { track } = useAnalytics()
  const id = useId()
  const [answers, setAnswers] = useState<Record<number, Answer>>({})
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState(false)
  const viewed = useRef(false)
  useEffect(() => {
    if (viewed.current) return
    viewed.current = true
    track('feedback_view', { pollId: poll.id })
  }, [poll.id, track])

  const set = (question: PollQuestion, change: Partial<Answer>) =>
    setAnswers((all) => ({ ...all, [question.id]: { ...EMPTY, ...all[question.id], ...change } }))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    track('feedback_submit_click', { pollId: poll.id })
    const missing = poll.questions.find((question) => question.required && !answered(question, answers[question.id]))
    if (missing) return setError(`Ответьте на вопрос «${missing.text}»`)
    setError(undefined)
    setBusy(true)
    try {
      await api.call((await import('#shared/gateway/polls.ts')).sendFeedback, {
        body: {
          objectType,
          objectId,
          pollId: poll.id,
          answers: poll.questions
            .filter((question) => answered(question, answers[question.id]))
            .map((question) => {
              const answer = answers[question.id]!
              return question.kind === 'text'
                ? { questionId: question.id, text: answer.text.trim() }
                : question.kind === 'rating'
                  ? { questionId: question.id, rating: answer.rating }
                  : { questionId: question.id, optionIds: answer.optionIds }
            }),
        },
      })
      remember(poll.id, 'answered')
      setDone(true)
    } catch (failure) {
      if (failure instanceof AppError && failure.gatewayCode === 'alreadyAccepted') {
        remember(poll.id, 'answered')
        setDone(true)
      } else {
        setError(
          failure instanceof AppError && failure.gatewayCode === 'validationError'
            ? 'Проверьте ответы'
            : 'Не удалось отправить ответы. Попробуйте ещё раз',
        )
      }
    } finally {
      setBusy(false)
    }
  }

  const close = () => {
    if (!done) track('feedback_close_click', { pollId: poll.id })
    remember(poll.id, done ? 'answered' : 'closed')
    onClose()
  }

  return (
    <section className="feedback-poll" aria-labelledby={`${id}-title`}>
      <div className="feedback-poll__head">
        <h2 id={`${id}-title`} className="section-title">
          {poll.title}
        </h2>
        <IconButton icon="close" label="Закрыть опрос" variant="ghost" size="sm" onClick={close} />
      </div>
      {done ? (
        <p role="status">Спасибо! Ваши ответы помогут нам стать лучше.</p>
      ) : (
        <form className="feedback-poll__form" noValidate onSubmit={(event) => void submit(event)}>
          {poll.description && <p className="text-muted">{poll.description}</p>}
          {poll.questions.map((question) => (
            <fieldset key={question.id} className="feedback-poll__question">
              <legend className="field__label">
                {question.text}
                {question.required ? ' *' : ''}
              </legend>
              <QuestionInput
                question={question}
                answer={answers[question.id] ?? EMPTY}
                name={`${id}-q${question.id}`}
                onChange={(change) => set(question, change)}
              />
            </fieldset>
          ))}
          {error && (
            <p className="field__error" role="alert">
              {error}
            </p>
          )}
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            Отправить
          </Button>
        </form>
      )}
    </section>
  )
}

function QuestionInput({
  question,
  answer,
  name,
  onChange,
}: {
  question: PollQuestion
  answer: Answer
  name: string
  onChange: (change: Partial<Answer>) => void
}) {
  if (question.kind === 'text') {
    return (
      <textarea
        className="field__input"
        aria-label={question.text}
        rows={3}
        maxLength={2000}
        value={answer.text}
        onChange={(event) => onChange({ text: event.target.value })}
      />
    )
  }
  if (question.kind === 'rating') {
    return (
      <div className="review-form__stars">
        {[1, 2, 3, 4, 5].map((value) => (
          <label key={value} className={cx('review-form__star', value <= answer.rating && 'is-on')}>
            <input
              type="radio"
              name={name}
              className="visually-hidden"
              checked={answer.rating === value}
              onChange={() => onChange({ rating: value })}
            />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">{value} из 5</span>
          </label>
        ))}
      </div>
    )
  }
  const multiple = question.kind === 'multiple'
  return (
    <div className="feedback-poll__options">
      {question.options.map((option) => (
        <label key={option.id} className="feedback-poll__option">
          <input
            type={multiple ? 'checkbox' : 'radio'}
            name={name}
            checked={answer.optionIds.includes(option.id)}
            onChange={(event) =>
              onChange({
                optionIds: multiple
                  ? event.target.checked
                    ? [...answer.optionIds, option.id]
                    : answer.optionIds.filter((x) => x !== option.id)
                  : [option.id],
              })
            }
          />{' '}
          {option.text}
        </label>
      ))}
    </div>
  )
}
