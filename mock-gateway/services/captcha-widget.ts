/**
 * The offline stand-in of SmartCaptcha's widget script: `window.smartCaptcha` with `render` and
 * `reset`, rendering an "Я не робот" checkbox whose tick asks the mock (`POST /captcha/check`) for a
 * token and hands it to the `callback`, as the real widget does once a visitor passed the check.
 */

/** The widget script's source (served as `GET /captcha/captcha.js`). */
export const CAPTCHA_WIDGET_SCRIPT = `(() => {
  const base = new URL(document.currentScript.src).origin
  const widgets = []
  window.smartCaptcha = {
    render(container, options) {
      const label = document.createElement('label')
      label.className = 'mock-captcha'
      const box = document.createElement('input')
      box.type = 'checkbox'
      label.append(box, document.createTextNode(' Я не робот'))
      container.replaceChildren(label)
      box.addEventListener('change', () => {
        if (!box.checked) return
        box.disabled = true
        fetch(base + '/captcha/check', { method: 'POST', body: JSON.stringify({ sitekey: options.sitekey }) })
          .then((response) => (response.ok ? response.json() : Promise.reject(new Error('captcha check ' + response.status))))
          .then((answer) => {
            box.disabled = false
            if (options.callback) options.callback(answer.token)
          })
          .catch((error) => {
            box.disabled = false
            box.checked = false
            console.warn('[mock captcha]', error.message)
          })
      })
      widgets.push(box)
      return widgets.length - 1
    },
    reset(id) {
      const box = widgets[id === undefined ? 0 : id]
      if (box) {
        box.checked = false
        box.disabled = false
      }
    },
  }
})()
`
