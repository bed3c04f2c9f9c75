import { UPLOAD_TEXTS } from "@plaza/contracts/uploads.texts";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MediaStatusBox, UploadedPicture } from "./uploaded-picture";

describe("UploadedPicture (an upload's address outside the post card, issue 52)", () => {
  it("shows the processing box, not an <img> of an address not stored yet, while the picture job works", () => {
    const html = renderToStaticMarkup(
      <UploadedPicture src="/uploads/abc.webp" status="processing" alt="Reported" className="h-10 w-10" />,
    );
    expect(html).not.toContain("<img");
    expect(html).toContain(UPLOAD_TEXTS.processing);
    expect(html).toContain('data-status="processing"');
    expect(html).toContain("h-10 w-10");
  });

  it("shows the failed box for a picture its job gave up on", () => {
    const html = renderToStaticMarkup(<UploadedPicture src="/uploads/abc.webp" status="failed" alt="" />);
    expect(html).not.toContain("<img");
    expect(html).toContain(UPLOAD_TEXTS.failed);
  });

  it("draws the picture once ready (or when its state is not known, until it fails to load)", () => {
    for (const status of ["ready", undefined] as const) {
      const html = renderToStaticMarkup(<UploadedPicture src="/uploads/abc.webp" status={status} alt="A cafe" />);
      expect(html).toContain('<img src="/uploads/abc.webp" alt="A cafe"');
      expect(html).not.toContain(UPLOAD_TEXTS.processing);
    }
  });

  it("is the post card's own processing box", () => {
    expect(renderToStaticMarkup(<MediaStatusBox status="processing" />)).toContain('data-testid="media-status"');
  });
});
