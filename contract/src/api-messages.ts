/**
 * Every message the API refuses with, under a stable snake_case reason (DESIGN 11: "The API
 * answers with error codes and English messages; the SPA shows the message of the chosen language
 * for each code"). The English texts are the spec's, byte for byte: the error body's `message` is
 * the text with its `{placeholders}` filled in, `reason` the key and `params` the values. The SPA's
 * `shared/api/i18n/en.json` equals this object (a unit test holds them together) and bn.json has a
 * Bangla text for every reason.
 *
 * Texts are unique: a refusal given as a text finds its one reason (`spoken`). `other` carries a
 * text that is not the catalogue's (a product's own UID rule the admin wrote, a zod message not
 * listed here): the SPA shows it as it came.
 */
export const API_MESSAGES = {
  other: '{message}',
  // ----- generic / kit -----
  not_found: 'Not found',
  internal: 'Something went wrong. Please try again.',
  not_implemented: 'Not implemented yet',
  body_too_large: 'Request body is too large',
  invalid_json: 'Request body must be valid JSON',
  invalid_request: 'Invalid request',
  login_required: 'Please login to continue',
  admin_required: 'Admin access required',
  // One line: a text joined with + would type as string and let any string through.
  admin_mfa_required:
    'Admin accounts need two-step sign-in with an authenticator app (TOTP). Open the admin dashboard (/admin) and follow the steps to add the app, or, with your access token, call Cognito AssociateSoftwareToken, VerifySoftwareToken with a code from the app, and SetUserMFAPreference (software token enabled and preferred); then try again.',
  admin_sign_in_again:
    'Please sign in again to use the admin dashboard: an admin session lasts {hours} hours, and one that began before your authenticator app was set up no longer counts.',
  invalid_cursor: 'Invalid cursor. Please reload the list.',
  idempotency_key_required: 'Idempotency-Key header is required',
  idempotency_key_invalid: 'Idempotency-Key must be 1-128 letters, digits or -_.:',
  idempotency_key_reused: 'This Idempotency-Key was already used for a different order. Please try again.',
  idempotency_key_reused_request:
    'This Idempotency-Key was already used for a different request. Please try again.',
  order_in_progress: 'Your order is still being placed. Please wait a moment.',
  fill_required_fields: 'Please fill all required fields',
  // ----- catalogue -----
  product_not_found: 'Product not found',
  variant_not_found: 'Variant not found',
  category_not_found: 'Category not found',
  category_exists: 'Category already exists',
  variant_cannot_move: 'A variant cannot be moved to another product',
  variant_being_deleted: 'This variant is being deleted',
  variant_changing: 'This variant is changing. Please try again.',
  variant_still_deleting:
    '1 of its variants is still being deleted in the background. Delete the product again when it is gone.',
  variants_still_deleting:
    '{count} of its variants are still being deleted in the background. Delete the product again when they are gone.',
  job_not_found: 'Job not found',
  voucher_not_found: 'Voucher code not found',
  only_available_codes_deleted: 'Only available codes can be deleted',
  code_exists: 'This code already exists in the shop',
  code_required: 'Code is required',
  code_control_characters: 'Code must not contain control characters',
  code_too_long: 'Code must be at most 200 characters',
  out_of_stock: 'Out of stock',
  too_many_buyers: 'Too many buyers right now. Please try again.',
  table_busy: 'The shop is busy right now. Please try again in a moment.',
  page_not_found: 'Page not found',
  faq_only: 'Only the FAQ page has questions',
  slide_not_found: 'Slide not found',
  announcement_not_found: 'Announcement not found',
  seo_not_found: 'SEO settings not found',
  seo_exists: 'SEO settings for this page already exist',
  // ----- orders and players -----
  order_not_found: 'Order not found',
  order_busy: 'Too many requests for this order right now. Please try again.',
  order_changed: 'The order changed meanwhile. Please try again.',
  order_not_cancellable: 'Only unpaid orders can be cancelled',
  order_already_paid: 'This order has already been paid, so it cannot be cancelled',
  unpaid_orders: 'You have unpaid orders: pay or cancel them first',
  insufficient_balance: 'Insufficient balance',
  player_uid_required: 'Please enter Player UID',
  player_uid_invalid: 'Please enter a valid game Player UID (8-12 digits)',
  player_uid_not_found: 'Invalid UID',
  player_zone_required: 'Please enter {label}',
  player_zone_invalid: 'Please enter a valid {label}',
  player_lookup_unavailable:
    'Player lookup is not available. Please confirm your Player UID by typing it twice.',
  too_many_lookups: 'Too many lookups. Please wait a minute and try again.',
  // ----- promo codes -----
  promo_invalid: 'Invalid promo code',
  promo_expired: 'This promo code has expired',
  promo_not_yet: 'This promo code is not active yet',
  promo_not_applicable: 'This promo code does not apply to this package',
  promo_fully_used: 'This promo code has been fully used',
  promo_used_by_you: 'You have already used this promo code',
  promo_min_order: 'Minimum order for this code is {amount}',
  promo_exists: 'Promo code already exists',
  promo_not_found: 'Promo code not found',
  too_many_promo_attempts: 'Too many promo code attempts. Please wait a minute and try again.',
  // ----- payments and wallet -----
  payment_not_found: 'Payment not found',
  payment_processing: 'Payment is being processed. Please try again.',
  payment_url_missing: 'Payment URL not received',
  online_payment_unavailable: 'Online payment is not available right now. Please pay from your wallet.',
  gateway_not_configured: 'Payment gateway is not configured',
  gateway_timeout: 'Payment gateway did not answer in time',
  gateway_unreachable: 'Payment gateway is unreachable',
  gateway_not_json: 'Payment gateway answered {status} without JSON',
  gateway_unexpected_body: 'Payment gateway answered with an unexpected body',
  gateway_error: 'Payment gateway error: {message}',
  gateway_invalid_amount: 'Payment gateway returned an invalid amount: {amount}',
  invoice_not_found: 'Invoice not found',
  invoice_id_required: 'invoice_id is required',
  invalid_api_key: 'Invalid API key',
  api_key_required: 'Please enter the API key',
  // ----- suppliers (API Setup) and the Fulfilment queue -----
  supplier_secret_required: 'Please enter the secret',
  fulfilment_not_found: 'This order is not in the Fulfilment queue',
  fulfilment_claimed_by_other: 'Another admin is already working on this order',
  fulfilment_claim_first: 'Please claim this order first',
  fulfilment_proof_required: "Please enter the game's transaction ID or a note",
  fulfilment_not_waiting: 'This order is no longer waiting: it is {state}',
  wallet_busy: 'Your wallet is busy. Please try again.',
  topup_not_found: 'Top-up request not found',
  topup_already: 'This request is already {status}',
  topup_already_decided: 'This request was already decided',
  trxid_used: 'This transaction ID has already been used',
  trxid_credited_elsewhere: 'This transaction ID was already credited to another request',
  trxid_pending_limit:
    'You already have {max} TrxID requests waiting. Please wait until the shop checks them.',
  trxid_rate_limited: 'Too many TrxID requests. Please wait and try again later.',
  topup_range: 'Amount must be between ৳10 and ৳25,000',
  topup_select: 'Please select amount and payment method',
  // ----- users and account -----
  user_not_found: 'User not found',
  user_not_found_by_email: 'User not found with this email',
  already_admin: 'Already Admin: This user already has admin privileges',
  cannot_remove_own_admin: 'You cannot remove your own admin role',
  profile_not_found: 'Profile not found. Please reload the page.',
  choose_language: 'Please choose Bangla or English',
  // ----- SMS to buyers: the verified phone (docs/notifications.md, "SMS") -----
  mobile_invalid: 'Please enter a Bangladeshi mobile number: 11 digits starting with 01',
  phone_code_format: 'Please enter the 6-digit code from the SMS',
  phone_code_wrong: 'That code is not right. Please check the SMS and try again.',
  phone_code_expired: 'That code has expired or was never sent. Please ask for a new code.',
  phone_code_attempts: 'Too many wrong codes. Please ask for a new code.',
  phone_codes_too_many: 'Too many codes asked for. Please try again later.',
  phone_sms_refused: 'We could not send an SMS to this number. Please check the number.',
  sms_unavailable: 'SMS is not available right now. Please try again later.',
  phone_not_verified: 'Please add and verify your phone number first.',
  sms_choice_required: 'Please choose whether to get SMS',
  // ----- resellers -----
  invalid_signature: 'Invalid signature',
  ip_not_allowed: 'IP address not allowed',
  reseller_required: 'Reseller account required',
  reseller_not_found: 'Reseller not found',
  reseller_key_not_found: 'Key not found',
  reseller_max_keys: 'At most {max} active keys: revoke one first',
  reseller_no_promos: 'Promo codes cannot be used through the reseller API',
  reseller_rate_limited: 'Too many requests for this key. Please slow down.',
  sms_device_not_found: 'SMS phone not found',
  sms_device_unknown_account: "That number is not one of the shop's receiving accounts for this provider",
  sms_max_devices: 'At most {max} active SMS phones: revoke one first',
  callback_not_found: 'Callback not found',
  callback_sending: 'This callback is being sent right now. Please try again in a moment.',
  callback_url_invalid: 'Please enter a valid URL (https://...)',
  callback_url_credentials: 'The URL must not contain a user name or password',
  callback_url_https: 'The callback URL must start with https://',
  callback_url_not_public: 'The callback URL must point to a public internet address',
  callback_url_unresolved: "The callback URL's host name could not be found",
  callback_resend_limited: 'Too many send-again requests. Please wait a minute and try again.',
  unknown_variant: 'Unknown variant',
  unknown_product: 'Unknown product',
  // ----- form fields (zod messages of the request bodies) -----
  max_chars: 'Must be at most {max} characters',
  product_name_required: 'Product name is required',
  variant_name_required: 'Variant name is required',
  select_product: 'Please select a product',
  select_variant: 'Please select a variant',
  price_required: 'Price is required',
  price_invalid: 'Please enter a valid price',
  category_name_required: 'Category name is required',
  title_required: 'Title is required',
  question_required: 'Question is required',
  answer_required: 'Answer is required',
  email_required: 'Email is required',
  email_invalid: 'Please enter a valid email',
  phone_invalid: 'Please enter an 11-digit number starting with 01',
  whatsapp_invalid: 'Please enter a valid WhatsApp number',
  trxid_required: 'Please enter the transaction ID',
  trxid_invalid: 'Please enter a valid transaction ID',
  sender_required: 'Please enter the sender number',
  receiving_number_choose: 'Please choose the number you sent the money to',
  amount_invalid: 'Please enter a valid amount',
  promo_code_required: 'Please enter a promo code',
  date_invalid: 'Please enter a valid date and time',
  redeem_link_https: 'Redeem link must be an https:// address',
  regex_invalid: 'Not a valid regular expression',
  choose_account_fields: 'Please choose the account fields',
  choose_wallet: 'Please choose bKash, Nagad or Rocket',
  step_max_chars: 'Each step must be at most {max} characters',
  max_steps: 'At most {max} steps',
  max_questions: 'At most {max} questions',
  add_one_code: 'Please add at least one code',
  display_order_number: 'Display order must be a number',
  display_order_whole: 'Display order must be a whole number',
  discount_required: 'Please enter the discount',
  whole_number: 'Please enter a whole number',
  whole_uses: 'Please enter a whole number of uses',
  account_number_required: 'Please enter the account number (digits)',
  webhook_url_invalid: 'Please enter a valid webhook URL',
  base_url_invalid: 'Please enter a valid base URL',
  // ----- the SPA's own, when no answer came (shared/api/client.ts) -----
  network_error: 'Network error. Please check your connection and try again.',
  server_problem: 'The server had a problem. Please try again.',
  request_failed: 'Request failed ({status})',
  unknown_error: 'Something went wrong',
} as const;

type ApiMessages = typeof API_MESSAGES;
export type ApiReason = keyof ApiMessages;

/** The placeholder names of a template: 'a {x} b {y}' → 'x' | 'y'. */
type Placeholders<S extends string> = S extends `${string}{${infer P}}${infer Rest}`
  ? P | Placeholders<Rest>
  : never;
export type ApiParamValue = string | number;
export type ParamsOf<R extends ApiReason> = Record<Placeholders<ApiMessages[R]>, ApiParamValue>;

/** A reason whose text has no placeholder: a refusal may be given by its English text alone. */
type StaticReason = { [R in ApiReason]: Placeholders<ApiMessages[R]> extends never ? R : never }[ApiReason];
/** The English texts with no placeholder (what a refusal builder accepts as a plain string). */
export type ApiText = ApiMessages[StaticReason];

/** A message as the error body carries it: its reason and the values of its placeholders. */
export interface Spoken {
  reason: ApiReason;
  params?: Record<string, ApiParamValue>;
}

/**
 * A message with placeholders, type-checked: said('promo_min_order', { amount: '৳50.00' }). A value
 * in poisha may ride along as `<name>_poisha`, so the SPA shows `{name}` as money in its language.
 */
export function said<R extends ApiReason>(
  reason: R,
  params: ParamsOf<R> & Record<string, ApiParamValue>,
): Spoken {
  return { reason, params };
}

/** The text of a message with its placeholders filled ('{name}' stays when no value is given). */
export function formatApiMessage(template: string, params: Record<string, ApiParamValue> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

export const apiMessageText = (s: Spoken): string => formatApiMessage(API_MESSAGES[s.reason], s.params);

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const byText = new Map<string, ApiReason>();
const templates: Array<{ reason: ApiReason; re: RegExp; names: string[] }> = [];
for (const [reason, text] of Object.entries(API_MESSAGES) as Array<[ApiReason, string]>) {
  if (reason === 'other') continue;
  const names = [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  if (names.length === 0) byText.set(text, reason);
  else {
    const source = text
      .split(/\{\w+\}/)
      .map(escapeRegExp)
      .join('(.+?)');
    templates.push({ reason, re: new RegExp(`^${source}$`, 's'), names });
  }
}

// The most specific template first: 'Please enter a valid {label}' before 'Please enter {label}'.
templates.sort((a, b) => b.re.source.length - a.re.source.length);

/**
 * The reason of an English text: the catalogue's text, or a template whose placeholders match
 * (numbers stay numbers); any other text is `other` with the text as its `message`.
 */
export function spoken(text: string): Spoken {
  const exact = byText.get(text);
  if (exact) return { reason: exact };
  for (const t of templates) {
    const m = t.re.exec(text);
    if (!m) continue;
    const params: Record<string, ApiParamValue> = {};
    t.names.forEach((name, i) => {
      const value = m[i + 1]!;
      params[name] = /^\d+$/.test(value) ? Number(value) : value;
    });
    return { reason: t.reason, params };
  }
  return { reason: 'other', params: { message: text } };
}
