/**
 * Error codes and messages of the exchange (exchange-facts.md) and the exception that carries one
 * to the HTTP layer. Handlers throw ApiError; the server turns it into the error envelope.
 */
export const SUCCESS_CODE = '00000';

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly httpStatus = 400,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** 40017 with a message that names the offending parameter, so a client can show what to fix. */
export const paramError = (detail: string): ApiError =>
  new ApiError('40017', `Parameter verification failed: ${detail}`);

export const errors = {
  accessKeyMissing: () => new ApiError('40001', 'The request header "ACCESS-KEY" cannot be empty'),
  accessSignMissing: () => new ApiError('40003', 'The request header "ACCESS-SIGN" cannot be empty'),
  passphraseMissing: () => new ApiError('40011', 'The request header "ACCESS-PASSPHRASE" cannot be empty'),
  timestampInvalid: () => new ApiError('40005', 'Invalid ACCESS-TIMESTAMP'),
  accessKeyInvalid: () => new ApiError('40006', 'Invalid ACCESS-KEY'),
  timestampExpired: () => new ApiError('40008', 'Request timestamp expired'),
  passphraseWrong: () => new ApiError('40012', 'API key or passphrase incorrect'),
  signatureWrong: () => new ApiError('40009', 'sign signature error'),
  tooManyRequests: () => new ApiError('429', 'Too Many Requests', 429),
  notFound: () => new ApiError('40404', 'Not Found', 404),
  methodNotAllowed: () => new ApiError('40405', 'Method Not Allowed', 405),
  bodyTooLarge: (limit: number) => new ApiError('40017', `Request body too large (limit ${limit} bytes)`, 413),
  pairMissing: () => new ApiError('25100', 'The trading pair does not exist'),
  pairNotOpen: () => new ApiError('25101', 'The trading pair is not open for trading'),
  pairMaintenance: () => new ApiError('25102', 'The trading pair is closed for maintenance'),
  modificationInProgress: () =>
    new ApiError('25114', 'A modification of this order is in progress, please try again later'),
  orderMissing: () => new ApiError('25204', 'The order does not exist'),
  qtyBelowMinimum: (min: string) => new ApiError('25207', `The order quantity is below the minimum of ${min}`),
  qtyAboveMaximum: (max: string) => new ApiError('25208', `The order quantity is above the maximum of ${max}`),
  notMultiple: (field: 'price' | 'qty', step: string) =>
    new ApiError('25244', `The order ${field === 'price' ? 'price' : 'quantity'} must be a multiple of ${step}`),
  notModifiable: (why: string) =>
    new ApiError('25568', `The order does not meet the modification requirements: ${why}`),
  unchanged: () => new ApiError('25571', 'The price and quantity are the same as before'),
  cancelledByAutoCancel: () =>
    new ApiError('25573', 'Skipped: a previous modification failed and the order was cancelled (autoCancel)'),
  precision: (field: 'price' | 'qty', decimals: string) =>
    new ApiError(
      '25610',
      `The ${field === 'price' ? 'price' : 'quantity'} exceeds the allowed precision of ${decimals} decimal places`,
    ),
  amountBelowMinimum: (min: string) => new ApiError('25611', `The order amount is below the minimum of ${min}`),
};
