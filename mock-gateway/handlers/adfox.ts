/**
 * The ad network's stand-in loader under `/__adfox/loader.js`: it defines `window.Ya.adfoxCode.create`
 * like Yandex's loader, and fills the slot's container with a deterministic text ad built from the
 * slot's owner id and placement, so ad slots are tested offline. Like the tiles, it answers any
 * client: the browser loads it from the mock's origin (`ADFOX_SCRIPT_URL`).
 */
import { http, HttpResponse, type HttpHandler } from 'msw'

/** The stand-in loader's source. */
export const ADFOX_STAND_IN = `(function () {
  var ya = (window.Ya = window.Ya || {});
  ya.adfoxCode = {
    create: function (options) {
      var container = document.getElementById(options.containerId);
      if (!container) { if (options.onError) options.onError({ message: 'container not found' }); return; }
      var placement = (options.params && options.params.p2) || 'slot';
      if (placement === 'stub') { if (options.onStub) options.onStub(); return; }
      var ad = document.createElement('a');
      ad.className = 'adfox-stand-in';
      ad.href = '/promo-catalog';
      ad.setAttribute('data-adfox-owner', String(options.ownerId));
      ad.textContent = 'Реклама: предложение недели (' + placement + ', площадка ' + options.ownerId + ')';
      container.replaceChildren(ad);
      if (options.onRender) options.onRender();
    }
  };
})();
`

/** The stand-in loader's route. */
export function adfoxHandlers(): HttpHandler[] {
  return [
    http.get(
      '*/__adfox/loader.js',
      () =>
        new HttpResponse(ADFOX_STAND_IN, {
          headers: {
            'content-type': 'text/javascript; charset=utf-8',
            'cache-control': 'public, max-age=3600',
            'x-content-type-options': 'nosniff',
            'cross-origin-resource-policy': 'cross-origin',
          },
        }),
    ),
  ]
}
