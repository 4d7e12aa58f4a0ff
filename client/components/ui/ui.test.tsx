import { describe, expect, it } from 'vitest'
import { renderHtml } from '../testing.tsx'
import { Button, IconButton } from './button.tsx'
import { Dialog } from './dialog.tsx'
import { Price, discountOf } from './price.tsx'
import { Rating } from './rating.tsx'
import { Tabs } from './tabs.tsx'
import { TextField } from './text-field.tsx'
import { Checkbox, Switch } from './checkbox.tsx'
import { Icon, IconProjectContext, INLINE_ICONS } from '../icon.tsx'
import { PHONE_MASK } from '#shared/masks.ts'

const NBSP = '\u00a0'

describe('Button', () => {
  it('is a real button that never submits by accident', () => {
    expect(renderHtml(<Button>Купить</Button>)).toMatch(/^<button type="button" class="btn btn--primary btn--md"/)
  })

  it('is disabled and busy while loading, with a spinner', () => {
    const html = renderHtml(<Button loading>Купить</Button>)
    expect(html).toContain('disabled=""')
    expect(html).toContain('aria-busy="true"')
    expect(html).toContain('class="spinner spinner--sm btn__spinner"')
  })

  it('names an icon button by its label', () => {
    expect(renderHtml(<IconButton icon="heart" label="В избранное" pressed={false} />)).toMatch(
      /aria-label="В избранное" aria-pressed="false"/,
    )
  })

  it('draws its icon with no class or size of its own, hidden, and names only what is not the default', () => {
    expect(renderHtml(<IconButton icon="close" label="Закрыть" size="sm" tooltip={false} />)).toBe(
      '<button type="button" class="icon-btn icon-btn--sm" aria-label="Закрыть">' +
        '<svg aria-hidden="true"><use href="/assets/svg/icons/aurora/all.svg#close"></use></svg></button>',
    )
    expect(renderHtml(<IconButton icon="close" label="Закрыть" variant="secondary" />)).toContain(
      'class="icon-btn icon-btn--secondary"',
    )
  })

  it('shows the label as a tooltip unless told not to, and keeps the name either way', () => {
    expect(renderHtml(<IconButton icon="heart" label="В избранное" />)).toContain('title="В избранное"')
    const quiet = renderHtml(<IconButton icon="heart" label="В избранное" tooltip={false} />)
    expect(quiet).not.toContain('title=')
    expect(quiet).toContain('aria-label="В избранное"')
  })
})

describe('Icon', () => {
  it('uses its symbol of the sprite at its size in the server HTML, hidden from assistive technology', () => {
    expect(renderHtml(<Icon name="cart" size={20} />)).toBe(
      '<svg class="icon" width="20" height="20" aria-hidden="true"><use href="/assets/svg/icons/aurora/all.svg#cart"></use></svg>',
    )
  })

  it('takes the sprite of the icon project the app provides, and leaves the size to the stylesheet when told', () => {
    const html = renderHtml(
      <IconProjectContext value="beauty">
        <Icon name="star" size={null} className="btn__icon" />
      </IconProjectContext>,
    )
    expect(html).toBe(
      '<svg class="icon btn__icon" aria-hidden="true"><use href="/assets/svg/icons/beauty/all.svg#star"></use></svg>',
    )
  })

  it('draws a first-screen icon from the symbol the page carries, whatever the project', () => {
    for (const name of INLINE_ICONS) {
      const html = renderHtml(
        <IconProjectContext value="beauty">
          <Icon name={name} size={20} />
        </IconProjectContext>,
      )
      expect(html).toBe(
        `<svg class="icon" width="20" height="20" aria-hidden="true"><use href="#i-${name}"></use></svg>`,
      )
    }
  })

  it('is an image with a name when labelled', () => {
    expect(renderHtml(<Icon name="cart" label="Корзина" />)).toContain('role="img" aria-label="Корзина"')
  })
})

describe('Dialog', () => {
  it('renders nothing on the server (it opens in the browser only)', () => {
    expect(
      renderHtml(
        <Dialog open title="Вход" onClose={() => {}}>
          x
        </Dialog>,
      ),
    ).toBe('')
  })
})

describe('Price', () => {
  it('shows a plain price', () => {
    const html = renderHtml(<Price price={1299} />)
    expect(html).toContain(`1${NBSP}299${NBSP}₽`)
    expect(html).not.toContain('price__old')
  })

  it('strikes the old price through and shows the discount', () => {
    const html = renderHtml(<Price price={800} oldPrice={1000} />)
    expect(html).toContain('price--sale')
    expect(html).toMatch(
      /<s class="price__old"><span class="visually-hidden">Цена без скидки: <\/span>1(\s|&nbsp;| )000/,
    )
    expect(html).toContain('<span class="visually-hidden">Скидка </span>−20%')
  })

  it.each([
    [800, 1000, 20],
    [1000, 1000, 0],
    [1000, undefined, 0],
    [999, 1000, 0],
  ])('discount of %d from %s is %d%%', (price, old, expected) => {
    expect(discountOf(price, old)).toBe(expected)
  })
})

describe('Rating', () => {
  it('says the rating in words and hides the stars', () => {
    const html = renderHtml(<Rating value={4.56} count={21} />)
    // A comma before the count: screen readers say «Рейтинг 4,6 из 5, 21 отзыв», not «из 521 отзыв».
    expect(html).toContain('<span class="visually-hidden">Рейтинг 4,6 из 5, </span>')
    expect(html).toContain('style="--fill:91.2%"')
    expect(html).toContain('<span class="rating__value" aria-hidden="true">4,6</span>')
    expect(html).toContain('21 отзыв')
  })
})

describe('Tabs', () => {
  it('follows the WAI-ARIA tabs pattern with every panel in the HTML', () => {
    const html = renderHtml(
      <Tabs
        label="О товаре"
        items={[
          { id: 'about', label: 'Описание', content: 'Текст' },
          { id: 'usage', label: 'Применение', content: 'Как' },
        ]}
      />,
    )
    expect(html).toContain('role="tablist" aria-label="О товаре"')
    expect(html.match(/role="tab"/g)).toHaveLength(2)
    expect(html).toMatch(/role="tab"[^>]*aria-selected="true"[^>]*tabindex="0"[^>]*>Описание/)
    expect(html).toMatch(/role="tab"[^>]*aria-selected="false"[^>]*tabindex="-1"[^>]*>Применение/)
    expect(html).toMatch(/role="tabpanel"[^>]*hidden=""[^>]*>Как/)
  })
})

describe('TextField', () => {
  it('labels the input and wires the error and hint', () => {
    const html = renderHtml(
      <TextField
        id="phone"
        label="Телефон"
        hint="На него придёт код"
        error="Номер телефона введён некорректно"
        mask={PHONE_MASK}
      />,
    )
    expect(html).toContain('<label class="field__label" for="phone">Телефон</label>')
    expect(html).toContain('aria-invalid="true"')
    expect(html).toContain('aria-describedby="phone-error phone-hint"')
    expect(html).toContain('inputMode="numeric"')
    expect(html).toContain('<p class="field__error" id="phone-error">Номер телефона введён некорректно</p>')
  })
})

describe('Checkbox and Switch', () => {
  it('are native checkboxes with labels; the switch has the switch role', () => {
    expect(renderHtml(<Checkbox label="Согласен" />)).toMatch(
      /<input type="checkbox" id="[^"]+" class="check__input"\/><label class="check__label" for=/,
    )
    expect(renderHtml(<Switch label="SMS-рассылка" />)).toContain('type="checkbox" role="switch"')
  })
})
