/** Polls and feedback; feedback with a rating on goods becomes the shopper's review (in moderation). */
import type { HttpHandler } from 'msw'
import { getPoll, sendFeedback } from '#shared/gateway/polls.ts'
import { userById } from '../domain/users.ts'
import { gatewayError, notFound, validationError } from '../http/gateway-error.ts'
import { CACHEABLE, mockEndpoint } from '../http/mock-endpoint.ts'
import { findGoods } from '../http/views.ts'
import type { MockState } from '../state.ts'

/** Handlers of `/v2/poll/:id` and `/v2/object/feedback`. */
export function pollHandlers(state: MockState): HttpHandler[] {
  const alreadyAccepted = () => gatewayError(409, 'alreadyAccepted', 'Вы уже оставили отзыв')
  return [
    mockEndpoint(
      state,
      getPoll,
      ({ params }) => state.db.polls.findFirst((q) => q.where({ id: params.id })) ?? notFound('Опрос не найден'),
      CACHEABLE,
    ),

    mockEndpoint(state, sendFeedback, async ({ body, userId }) => {
      const now = new Date(state.clock.now()).toISOString()
      if (body.pollId !== undefined) {
        const poll = state.db.polls.findFirst((q) => q.where({ id: body.pollId as number }))
        if (!poll) return notFound('Опрос не найден')
        const answered = new Set((body.answers ?? []).map((answer) => answer.questionId))
        const unknown = [...answered].filter((id) => !poll.questions.some((question) => question.id === id))
        if (unknown.length) return validationError({ answers: `Нет вопросов ${unknown.join(', ')}` })
        const missing = poll.questions.filter((question) => question.required && !answered.has(question.id))
        if (missing.length) return validationError({ answers: `Ответьте на вопрос «${missing[0]?.text}»` })
        if (state.db.feedback.findFirst((q) => q.where({ userId, pollId: poll.id }))) return alreadyAccepted()
      } else if (
        state.db.feedback.findFirst((q) =>
          q.where({ userId, objectType: body.objectType, objectId: body.objectId, pollId: (id) => id === null }),
        )
      ) {
        return alreadyAccepted()
      }

      const id = `fb-${++state.seq.feedback}`
      if (body.objectType === 'goods' && body.pollId === undefined) {
        const goods = findGoods(state, Number(body.objectId))
        if (!goods) return notFound('Товар не найден')
        if (body.rating === undefined) return validationError({ rating: 'Поставьте оценку' })
        await state.db.reviews.create({
          id: ++state.seq.review,
          objectId: goods.id,
          userId,
          authorName: userById(state, userId)?.firstName ?? 'Покупатель',
          createdAt: now,
          rating: body.rating,
          text: body.text ?? '',
          pros: body.pros ?? null,
          cons: body.cons ?? null,
          // The mock keeps uploaded photos inline (data URLs; the storefront's CSP allows `data:` images).
          photos: (body.photos ?? []).map((photo, index) => ({
            url: `data:${photo.type};base64,${photo.data}`,
            width: photo.width,
            height: photo.height,
            alt: `Фото ${index + 1} к отзыву`,
          })),
          status: 'moderation',
        })
      }
      await state.db.feedback.create({
        id,
        userId,
        objectType: body.objectType,
        objectId: body.objectId,
        pollId: body.pollId ?? null,
        createdAt: now,
      })
      return {
        id,
        status:
          body.objectType === 'goods' && body.pollId === undefined ? ('moderation' as const) : ('accepted' as const),
      }
    }),
  ]
}
