import { apiRequest } from "@/lib/api-client";

interface UploadTicket {
  uploadURL: string;
  objectUrl: string;
}

/**
 * Uploads one file through the uploads API (POST /api/objects/upload → signed URL, then PUT the bytes) and
 * returns the address of the stored object, which a post may then carry.
 */
export async function uploadMedia(file: File, onProgress?: (fraction: number) => void): Promise<string> {
  const ticket = await apiRequest<UploadTicket>("POST", "/api/objects/upload");
  await new Promise<void>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("PUT", ticket.uploadURL);
    request.withCredentials = true;
    request.setRequestHeader("content-type", file.type);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    request.onload = () =>
      request.status >= 200 && request.status < 300 ? resolve() : reject(new Error(request.responseText));
    request.onerror = () => reject(new Error("Upload failed"));
    request.send(file);
  });
  return ticket.objectUrl;
}
