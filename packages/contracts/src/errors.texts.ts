// Texts, constants and pure rules of errors: no zod, so the web app's first screen can import them without
// evaluating schemas. The schemas are in ./errors.ts, which re-exports all of this.

/** Messages the server sends that the client may also show. */
export const ERROR_MESSAGES = {
  unauthorized: "Unauthorized",
  invalidCredentials: "Invalid email or password",
  emailTaken: "An account with this email already exists",
  usernameTaken: "This username is already taken",
  suspended: "Your account is suspended",
  forbiddenOrigin: "Cross-site request refused",
  superuserRequired: "Superuser access required.",
  moderatorRequired: "Moderator access required.",
  notFound: "Not found",
  tooManyRequests: "Too many requests. Please wait a moment.",
  payloadTooLarge: "Request body is too large",
  unsupportedMediaType: "Requests with a body must be sent as JSON",
  internal: "Something went wrong on our side. Please try again.",
  serviceUnavailable: "The service is temporarily unavailable. Please try again in a moment.",
  alreadyExists: "This already exists",
  invalidIdentifier: "Invalid identifier",
  invalidRequest: "Invalid request",
  invalidValue: "Invalid value",
  invalidJson: "The request body is not valid JSON",
} as const;
