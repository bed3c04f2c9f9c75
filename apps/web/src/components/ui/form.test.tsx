import { passwordResetBody } from "@plaza/contracts/accounts";
import { renderToStaticMarkup } from "react-dom/server";
import { createFormControl } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { applyServerError, FORM_ERROR, Form, FormField, FormMessage, FormSubmit, useZodForm } from "./form";
import { Input } from "./input";

/** A reset-link form on the contract schema; `prepare` may set errors before the markup is rendered. */
function ResetForm({
  pending = false,
  prepare,
}: {
  pending?: boolean;
  prepare?: (form: ReturnType<typeof useZodForm<typeof passwordResetBody>>) => void;
}) {
  const form = useZodForm(passwordResetBody, { defaultValues: { email: "" } });
  prepare?.(form);
  return (
    <Form form={form} onSubmit={() => undefined} pending={pending} aria-label="Reset password">
      <FormField name="email" label="Email" description="We send the link here." id="email">
        {(field) => <Input type="email" {...field} />}
      </FormField>
      <FormMessage />
      <FormSubmit pendingLabel="Sending...">Send reset link</FormSubmit>
    </Form>
  );
}

const inputOf = (html: string) => html.match(/<input[^>]*>/)?.[0] ?? "";
const buttonOf = (html: string) => html.match(/<button[^>]*>[^<]*<\/button>/)?.[0] ?? "";

describe("the form primitive", () => {
  it("labels the control and describes it by its hint while it is valid", () => {
    const html = renderToStaticMarkup(<ResetForm />);
    expect(html).toContain('<label data-slot="label" class="');
    expect(html).toMatch(/<label[^>]*for="email"/);
    expect(inputOf(html)).toContain('aria-invalid="false"');
    expect(inputOf(html)).toContain('aria-describedby="email-description"');
    expect(html).toContain('noValidate=""');
    expect(html).not.toContain('role="alert"');
  });

  it("shows a field error, marks the control invalid and ties the message to it", () => {
    const html = renderToStaticMarkup(
      <ResetForm prepare={(form) => form.setError("email", { message: "Invalid email address" })} />,
    );
    expect(inputOf(html)).toContain('aria-invalid="true"');
    expect(inputOf(html)).toContain('aria-describedby="email-description email-error"');
    expect(html).toMatch(/<p id="email-error"[^>]*>Invalid email address<\/p>/);
  });

  it("announces a form-level error", () => {
    const html = renderToStaticMarkup(
      <ResetForm prepare={(form) => form.setError(FORM_ERROR, { message: "Too many requests" })} />,
    );
    expect(html).toMatch(/<p role="alert"[^>]*>Too many requests<\/p>/);
  });

  it("disables the submit button and shows the pending label while pending", () => {
    // A server render (this one) is what a page shows before hydration: the button waits for the script, and
    // the form would post rather than put its fields in the address (the browser side enables it: e2e/ssr.e2e.ts).
    const page = renderToStaticMarkup(<ResetForm />);
    expect(page).toMatch(/<form[^>]* method="post"/);
    const idle = buttonOf(page);
    expect(idle).toContain('disabled=""');
    expect(idle).not.toContain("aria-busy");
    expect(idle).toContain(">Send reset link<");
    const busy = buttonOf(renderToStaticMarkup(<ResetForm pending />));
    expect(busy).toContain('disabled=""');
    expect(busy).toContain('aria-busy="true"');
    expect(busy).toContain(">Sending...<");
  });
});

describe("applyServerError", () => {
  const makeForm = () => createFormControl({ defaultValues: { name: "", address: { city: "" } } });
  const apiError = (status: number, body: ApiError["body"]) => new ApiError(status, `${status}: x`, body);

  it("puts a 4xx field error on the field the API names", () => {
    const { control, ...form } = makeForm();
    const error = apiError(400, {
      message: "City is required",
      errors: [{ path: "address.city", message: "Required" }],
    });
    expect(applyServerError(form, error, "Failed to save")).toBe(true);
    expect(control._formState.errors.address?.city?.message).toBe("Required");
    expect(control._formState.errors.root).toBeUndefined();
  });

  it("shows the server's message on the form when no field matches", () => {
    const { control, ...form } = makeForm();
    const error = apiError(409, { message: "Name taken", errors: [{ path: "params.id", message: "Bad id" }] });
    expect(applyServerError(form, error, "Failed to save")).toBe(false);
    expect(control._formState.errors.root?.server?.message).toBe("Name taken");
  });

  it("falls back to the given text for a network or server failure", () => {
    const { control, ...form } = makeForm();
    applyServerError(form, new Error("offline"), "Failed to save");
    expect(control._formState.errors.root?.server?.message).toBe("Failed to save");
    const { control: other, ...second } = makeForm();
    applyServerError(second, apiError(500, { message: "boom", errors: [{ path: "name", message: "x" }] }), "Failed");
    expect(other._formState.errors.name).toBeUndefined();
    expect(other._formState.errors.root?.server?.message).toBe("boom");
  });
});
