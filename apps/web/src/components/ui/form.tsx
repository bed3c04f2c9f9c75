import { zodResolver } from "@hookform/resolvers/zod";
import { type ComponentProps, createContext, type ReactNode, useContext, useId } from "react";
import {
  type ControllerRenderProps,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  FormProvider,
  type UseFormProps,
  type UseFormReturn,
  useController,
  useForm,
  useFormContext,
  useFormState,
} from "react-hook-form";
import type { z } from "zod";
import { useText } from "@/i18n/texts";
import { ApiError, failureMessage } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { useIsHydrated } from "@/lib/use-is-hydrated";
import { Button } from "./button";
import { Label } from "./label";

/**
 * The one form of the web app: react-hook-form validated by a contract schema (packages/contracts), so the client
 * checks exactly what the server checks. `useZodForm(schema)` makes the form; `<Form>` renders it; `<FormField>`
 * ties a label, an optional description and the error message to its control; `<FormMessage>` shows the form-level
 * error; `<FormSubmit>` is disabled and relabelled while the form is pending.
 */
// biome-ignore lint/suspicious/noExplicitAny: the schema's input and output types are inferred from it.
export function useZodForm<TSchema extends z.ZodType<any, any>>(
  schema: TSchema,
  options: Omit<UseFormProps<z.input<TSchema>, unknown, z.output<TSchema>>, "resolver"> = {},
): UseFormReturn<z.input<TSchema>, unknown, z.output<TSchema>> {
  return useForm<z.input<TSchema>, unknown, z.output<TSchema>>({
    ...options,
    // biome-ignore lint/suspicious/noExplicitAny: zodResolver's overloads cannot follow a generic schema.
    resolver: zodResolver(schema as any),
  });
}

/** The key of the form-level error, set by `applyServerError` when no field matches. */
export const FORM_ERROR = "root.server" as const;

/**
 * After a failed submit: the server's 4xx field errors (`errors[].path`, e.g. "name" or "address.city") land on the
 * fields of that name; anything else becomes the form-level message (the server's sentence, else `fallback`).
 * Returns whether any field took an error.
 */
export function applyServerError<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, unknown>, "setError" | "getValues">,
  error: unknown,
  fallback: string,
): boolean {
  const values = form.getValues() as Record<string, unknown>;
  const fieldErrors =
    error instanceof ApiError && error.status >= 400 && error.status < 500
      ? (error.body?.errors ?? []).filter((item) => item.path !== "" && hasPath(values, item.path))
      : [];
  fieldErrors.forEach((item, index) => {
    form.setError(item.path as FieldPath<T>, { type: "server", message: item.message }, { shouldFocus: index === 0 });
  });
  if (fieldErrors.length === 0) form.setError(FORM_ERROR, { type: "server", message: failureMessage(error, fallback) });
  return fieldErrors.length > 0;
}

function hasPath(values: Record<string, unknown>, path: string): boolean {
  let current: unknown = values;
  for (const key of path.split(".")) {
    if (current === null || typeof current !== "object" || !(key in current)) return false;
    current = (current as Record<string, unknown>)[key];
  }
  return true;
}

const PendingContext = createContext(false);

/**
 * A `<form>` bound to `form`: validation before `onSubmit`, no browser validation bubbles. `pending` marks work the
 * form does not await itself (a mutation started with `mutate`); an awaited `onSubmit` counts as pending on its own.
 */
export function Form<TInput extends FieldValues, TOutput>({
  form,
  onSubmit,
  onInvalid,
  pending = false,
  children,
  ...props
}: Omit<ComponentProps<"form">, "onSubmit" | "onInvalid"> & {
  form: UseFormReturn<TInput, unknown, TOutput>;
  onSubmit: (values: TOutput) => unknown;
  /** After a submit the schema refused (the fields already show why): for a form with no room for messages. */
  onInvalid?: (errors: FieldErrors<TInput>) => void;
  pending?: boolean;
}) {
  return (
    <FormProvider {...form}>
      <PendingContext.Provider value={pending}>
        <form
          noValidate
          // Should the browser ever submit it itself (a server-rendered page before its script ran), the fields go
          // in a POST body, never into the address (a password in the URL, the history and the logs).
          method="post"
          {...props}
          onSubmit={form.handleSubmit(async (values) => {
            await onSubmit(values);
          }, onInvalid)}
        >
          {children}
        </form>
      </PendingContext.Provider>
    </FormProvider>
  );
}

/** What a control needs to be labelled, described and marked invalid, plus react-hook-form's field binding. */
export type FormControlProps<T extends FieldValues = FieldValues> = ControllerRenderProps<T, FieldPath<T>> & {
  id: string;
  "aria-invalid": boolean;
  "aria-describedby": string | undefined;
};

/**
 * A labelled field: the control is rendered by `children` with an id, `aria-invalid` and `aria-describedby` (the
 * description and the error message) already set. `id` fixes the control's id where tests or labels rely on it.
 */
export function FormField<T extends FieldValues = FieldValues>({
  name,
  label,
  labelClassName,
  labelAside,
  description,
  id,
  className,
  children,
}: {
  name: FieldPath<T>;
  label?: ReactNode;
  /** e.g. "sr-only" for a label only screen readers need. */
  labelClassName?: string;
  /** Shown at the end of the label's row (a "Forgot password?" link). */
  labelAside?: ReactNode;
  description?: ReactNode;
  id?: string;
  className?: string;
  children: (control: FormControlProps<T>) => ReactNode;
}) {
  const generated = useId();
  const controlId = id ?? `${generated}-control`;
  const descriptionId = `${controlId}-description`;
  const errorId = `${controlId}-error`;
  const { field, fieldState } = useController<T>({ name });
  // Typed into before hydration, a field's text would not reach the form's state: it waits for the script too.
  const isHydrated = useIsHydrated();
  // A schema's message is a contracts text (English as written): shown in the page's language.
  const text = useText();
  const message = fieldState.error?.message ? text(fieldState.error.message) : undefined;
  const describedBy = [description ? descriptionId : null, message ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className={cn("space-y-1.5", className)}>
      {labelAside ? (
        <div className="flex items-baseline justify-between">
          <Label htmlFor={controlId} className={labelClassName}>
            {label}
          </Label>
          {labelAside}
        </div>
      ) : (
        label !== undefined && (
          <Label htmlFor={controlId} className={labelClassName}>
            {label}
          </Label>
        )
      )}
      {children({
        ...field,
        disabled: field.disabled || !isHydrated,
        id: controlId,
        "aria-invalid": Boolean(message),
        "aria-describedby": describedBy || undefined,
      })}
      {description && (
        <p id={descriptionId} className="text-xs text-gray-500">
          {description}
        </p>
      )}
      {message && (
        <p id={errorId} className="text-sm text-red-600">
          {message}
        </p>
      )}
    </div>
  );
}

/** The form-level error (a failed submit that no field took), announced when it appears. */
export function FormMessage({ className, children }: { className?: string; children?: ReactNode }) {
  const { control } = useFormContext();
  const { errors } = useFormState({ control });
  const text = useText();
  const message = (errors.root as Record<string, { message?: string }> | undefined)?.server?.message;
  if (!message) return null;
  return (
    <p role="alert" className={cn("text-sm text-red-600", className)}>
      {text(message)}
      {children}
    </p>
  );
}

/**
 * The submit button: disabled, busy and showing `pendingLabel` while the form submits, and disabled until the
 * page is hydrated (a press, or Enter in a field, before that would be the browser's own submission).
 */
export function FormSubmit({
  pendingLabel,
  children,
  disabled,
  ...props
}: ComponentProps<typeof Button> & { pendingLabel?: ReactNode }) {
  const { control } = useFormContext();
  const { isSubmitting } = useFormState({ control });
  const pending = useContext(PendingContext) || isSubmitting;
  const isHydrated = useIsHydrated();
  return (
    <Button type="submit" disabled={!isHydrated || pending || disabled} aria-busy={pending || undefined} {...props}>
      {pending && pendingLabel !== undefined ? pendingLabel : children}
    </Button>
  );
}
