import { describe, expect, it } from 'vitest'
import { renderHtml } from '../testing.tsx'
import { isNotFoundStatus } from '#shared/api/page-status.ts'
import { ErrorView, ERROR_TEXTS } from './error-views.tsx'

describe('ErrorView', () => {
  it.each([404, 422])(
    'shows the not-found view for %d with its exact texts and a full-width link to promotions',
    (status) => {
      const html = renderHtml(<ErrorView status={status} />)
      expect(html).toContain(
        '<h1 class="error-view__title" id="error-heading" tabindex="-1">Здесь ничего не нашлось</h1>',
      )
      expect(html).toContain('Зато всегда есть выгодные предложения в разделе акций')
      expect(html).toMatch(
        /<a [^>]*href="\/promo-catalog"[^>]*class="btn btn--primary btn--lg btn--full[^"]*"[^>]*>.*Перейти в акции/,
      )
      expect(html).not.toContain(ERROR_TEXTS.outage.title)
    },
  )

  it.each([500, 502, 503, 401, 403, 400])('shows the outage view for %d with a secondary reload button', (status) => {
    const html = renderHtml(<ErrorView status={status} />)
    expect(html).toContain('>Сайт временно не работает</h1>')
    expect(html).toContain('Мы уже чиним эту проблему — пожалуйста, попробуйте снова через 15 минут')
    expect(html).toMatch(/<button type="button" class="btn btn--secondary btn--lg[^"]*"[^>]*>.*Обновить/)
    expect(html).not.toContain(ERROR_TEXTS.notFound.title)
  })

  it.each([
    [404, true],
    [422, true],
    [500, false],
    [410, false],
  ])('status %d is not-found: %s', (status, expected) => {
    expect(isNotFoundStatus(status)).toBe(expected)
  })
})
