/**
 * The analytics event catalogue: every goal event the storefront sends, with what it means.
 * Spec section 7 names cookies_*, socials_*, feedback_*, footerLinks_*, toProfile_*, security_* and
 * the 404 and error events; the rest follow the same `area_object_action` shape. Add an event here
 * before sending it: `track()` accepts only these names.
 */
export const ANALYTICS_EVENTS = {
  // Cookie banner
  cookies_view: 'The cookie banner was shown',
  cookies_accept_click: 'The shopper accepted cookies',
  // Social links in the footer
  socials_vk: 'VK link clicked',
  socials_telegram: 'Telegram link clicked',
  socials_ok: 'Odnoklassniki link clicked',
  // Feedback polls (/v2/poll/{id}, /v2/object/feedback)
  feedback_view: 'A feedback poll was shown',
  feedback_submit_click: 'A feedback poll was answered',
  feedback_close_click: 'A feedback poll was closed unanswered',
  // Footer links
  footerLinks_promo: 'Footer: Акции',
  footerLinks_catalog: 'Footer: Каталог',
  footerLinks_articles: 'Footer: Статьи',
  footerLinks_cookiePolicy: 'Footer: Политика cookie',
  footerLinks_about: 'Footer: О компании (main site)',
  footerLinks_stores: 'Footer: Магазины (main site)',
  footerLinks_loyalty: 'Footer: Программа лояльности (main site)',
  footerLinks_contacts: 'Footer: Контакты (main site)',
  footerLinks_careers: 'Footer: Вакансии (main site)',
  footerLinks_delivery: 'Footer: Доставка и оплата (main site)',
  footerLinks_returns: 'Footer: Возврат (main site)',
  footerLinks_privacy: 'Footer: Политика обработки персональных данных (main site)',
  footerLinks_agreement: 'Footer: Пользовательское соглашение (main site)',
  footerLinks_supportPhone: 'Footer: телефон поддержки',
  // Profile links to the main site
  toProfile_toolbar: 'Toolbar profile link clicked',
  // Sign-in and account security
  security_login_view: 'The login dialog was opened',
  security_phone_submit: 'A phone number was submitted for a code',
  security_code_submit: 'An SMS code was submitted',
  security_code_error: 'A wrong SMS code was entered',
  security_code_resend_click: 'A new SMS code was requested',
  security_login_success: 'The shopper signed in',
  security_registration_submit: 'The registration form was submitted',
  security_logout_click: 'The shopper signed out',
  // Page views: `route` is the route name of spec section 2 (main, profile, promo-catalog, …)
  page_view: 'A page was shown (first load and every client navigation)',
  // Error pages (spec section 2)
  error404_view: 'The not-found page was shown',
  error404_toPromo_click: 'Not-found page: Перейти в акции',
  error404_toMain_click: 'Not-found page: На главную',
  error404_toCatalog_click: 'Not-found page: В каталог',
  error500_view: 'The outage page was shown',
  error500_refresh_click: 'Outage page: Обновить',
  // Toolbar and search
  toolbar_catalog_click: 'Toolbar: Каталог',
  toolbar_promo_click: 'Toolbar: Акции',
  toolbar_login_click: 'Toolbar: Войти',
  toolbar_cart_click: 'Toolbar: cart',
  search_submit: 'A search was submitted',
  search_suggestion_click: 'A search suggestion was chosen',
  search_history_clear_click: 'The search history was cleared',
  search_history_remove_click: 'One search history entry was removed',
  // Products (carry product params and, in lists, position)
  product_view: 'A product page was shown',
  product_card_click: 'A product card was opened from a list',
  product_addToCart_click: 'Add to cart pressed',
  product_favorite_add: 'A product was added to favorites',
  product_favorite_remove: 'A product was removed from favorites',
  product_share_click: 'Share pressed on a product',
  product_reviews_click: 'The reviews of a product were opened',
  product_gallery_swipe: 'The product gallery was moved',
  related_click: 'A card of «Похожие товары» on a product page was opened (product params, position, list)',
  recent_click: 'A card of «Вы смотрели» was opened (product params, position, list)',
  where_to_buy_open: '«Где купить сегодня» on a product page was opened (product_id, stores listed)',
  store_pick_from_pdp: '«Выбрать этот магазин» was pressed in «Где купить сегодня» (store params, product_id)',
  // Catalogue and promotions
  catalog_sort_change: 'The sort order of a list was changed',
  catalog_filter_apply: 'List filters were applied',
  catalog_showMore_click: 'Show more pressed',
  promo_card_click: 'A promotion was opened from a list',
  banner_click: 'A home or catalogue banner was clicked',
  // Stores and cities (carry store params)
  store_picker_view: 'The store picker was opened',
  store_select_click: 'A store was chosen',
  store_city_select: 'A city was chosen',
  store_geolocation_click: 'Near me pressed',
  store_geolocation_denied: 'The browser refused the location',
  // Age confirmation
  age_confirm_view: 'The age-confirmation dialog was shown',
  age_confirm_click: 'The shopper confirmed the age',
  age_decline_click: 'The shopper declined the age confirmation',
  // E-commerce
  ecom_checkout_click: 'Checkout pressed in the cart',
  ecom_order_created: 'An order was placed',
  ecom_order_cancel_click: 'An order was cancelled',
  ecom_card_add_click: 'Add card pressed',
  ecom_card_delete_confirm: 'A saved card was deleted',
  loyalty_card_open: 'The loyalty card was opened from the user menu (never the card number)',
  pickup_pass_open: 'The pickup pass of an order ready for pickup was shown (order status only, no number)',
} as const satisfies Record<string, string>

/** A name of the catalogue. */
export type AnalyticsEventName = keyof typeof ANALYTICS_EVENTS

/** Whether a string names a catalogued event. */
export const isAnalyticsEventName = (name: string): name is AnalyticsEventName => Object.hasOwn(ANALYTICS_EVENTS, name)
