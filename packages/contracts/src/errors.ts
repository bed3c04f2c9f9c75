import { z } from "zod";

/** The JSON body of every error response (docs/PRODUCT.md "Ground rules"). */
export const errorBody = z.object({
  message: z.string(),
  code: z.string().optional(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** Messages the server sends that the client may also show. */
export const ERROR_MESSAGES = {
  unauthorized: "Unauthorized",
  invalidCredentials: "Invalid email or password",
  emailTaken: "An account with this email already exists",
  usernameTaken: "This username is already taken",
  suspended: "Your account is suspended",
  forbiddenOrigin: "Cross-site request refused",
  superuserRequired: "Superuser access required.",
  notFound: "Not found",
  tooManyRequests: "Too many requests. Please wait a moment.",
  payloadTooLarge: "Request body is too large",
  unsupportedMediaType: "Requests with a body must be sent as JSON",
  internal: "Something went wrong on our side. Please try again.",
  serviceUnavailable: "The service is temporarily unavailable. Please try again in a moment.",
} as const;
