import type { UploadedObjectView } from "@plaza/contracts/uploads";
import { api } from "./api";
import { ApiError } from "./api-client";

/**
 * Uploads one image: asks for a signed URL, PUTs the bytes with progress, and returns the address the server
 * gives the checked, re-encoded image (the only kind of address photo and media fields accept).
 */
export async function uploadImage(file: Blob, onProgress?: (fraction: number) => void): Promise<UploadedObjectView> {
  const { uploadURL } = await api.post("/api/objects/upload");
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("PUT", uploadURL);
    request.withCredentials = true;
    request.setRequestHeader("content-type", file.type || "application/octet-stream");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress?.(1);
        resolve(JSON.parse(request.responseText) as UploadedObjectView);
        return;
      }
      let body = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      reject(new ApiError(request.status, `${request.status}: ${request.responseText || request.statusText}`, body));
    };
    request.onerror = () => reject(new ApiError(0, "Network error", null));
    request.send(file);
  });
}
