import { spawn } from "node:child_process";
import { runBelowRequests } from "../../lib/media-work";

/**
 * Debian's ffmpeg and ffprobe, spawned (never a shell): the kind of a video told from its first bytes, its length
 * and size read by ffprobe, and the re-encode to H.264/AAC MP4 (faststart, no metadata) with a poster frame.
 */

export type VideoContainer = "mp4" | "mov" | "webm";

const HEIF_BRANDS = new Set(["avif", "avis", "heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"]);

/** The container a file's first bytes announce (ISO base media `ftyp` box, QuickTime atoms, EBML), or null. */
export function sniffVideo(bytes: Buffer): VideoContainer | null {
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3) return "webm";
  if (bytes.length < 12) return null;
  const box = bytes.toString("latin1", 4, 8);
  if (box === "ftyp") {
    const brand = bytes.toString("latin1", 8, 12);
    // HEIF pictures (AVIF, HEIC) share the MP4 container: they are neither a video nor a picture Plaza decodes.
    if (HEIF_BRANDS.has(brand)) return null;
    return brand.startsWith("qt") ? "mov" : "mp4";
  }
  if (box === "moov" || box === "mdat" || box === "wide" || box === "free") return "mov";
  return null;
}

interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a program with arguments (no shell); rejects only when it cannot be started. */
export function run(command: string, args: string[], timeoutMs = 10 * 60 * 1000): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    // ffmpeg and ffprobe are background media work: below requests (and sign-ins) when the cores are busy.
    runBelowRequests(child.pid);
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let stderrLength = 0;
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => {
      // Keep only the start of a chatty log.
      if (stderrLength < 64 * 1024) stderr.push(chunk);
      stderrLength += chunk.length;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({
        code,
        stdout: Buffer.concat(stdout).toString("utf8"),
        stderr: Buffer.concat(stderr).toString("utf8"),
      });
    });
  });
}

const availability = new Map<string, Promise<boolean>>();

/** Whether both binaries can be run (asked once per pair of paths). */
export function hasFfmpeg(paths: { ffmpeg: string; ffprobe: string }): Promise<boolean> {
  const key = `${paths.ffmpeg}\n${paths.ffprobe}`;
  let known = availability.get(key);
  if (!known) {
    const works = (command: string) =>
      run(command, ["-version"], 10_000).then(
        (result) => result.code === 0,
        () => false,
      );
    known = Promise.all([works(paths.ffmpeg), works(paths.ffprobe)]).then(([a, b]) => a && b);
    availability.set(key, known);
  }
  return known;
}

export interface VideoFacts {
  durationSeconds: number;
  width: number;
  height: number;
  hasAudio: boolean;
}

/** Length, size and streams of a video file, or null when ffprobe finds no video in it. */
export async function probeVideo(ffprobe: string, file: string): Promise<VideoFacts | null> {
  const result = await run(
    ffprobe,
    ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", file],
    60_000,
  );
  if (result.code !== 0) return null;
  try {
    const parsed = JSON.parse(result.stdout) as {
      format?: { duration?: string };
      streams?: { codec_type?: string; width?: number; height?: number; duration?: string }[];
    };
    const video = parsed.streams?.find((stream) => stream.codec_type === "video" && stream.width && stream.height);
    if (!video?.width || !video.height) return null;
    const durationSeconds = Number(parsed.format?.duration ?? video.duration);
    if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) return null;
    return {
      durationSeconds,
      width: video.width,
      height: video.height,
      hasAudio: parsed.streams?.some((stream) => stream.codec_type === "audio") ?? false,
    };
  } catch {
    return null;
  }
}

/** Longest side of a stored video. */
const MAX_VIDEO_SIDE = 1280;

/**
 * Re-encodes to H.264 (yuv420p, at most 1280 px on the longer side, even sizes) and AAC in an MP4 whose index
 * comes first (`+faststart`, so playback starts before the download ends), without the source's metadata or
 * chapters. Throws with ffmpeg's message when it fails.
 */
export async function transcodeVideo(ffmpeg: string, input: string, output: string): Promise<void> {
  const scale = `scale='if(gte(iw,ih),min(${MAX_VIDEO_SIDE},iw),-2)':'if(gte(iw,ih),-2,min(${MAX_VIDEO_SIDE},ih))',scale=trunc(iw/2)*2:trunc(ih/2)*2`;
  const result = await run(ffmpeg, [
    "-nostdin",
    "-hide_banner",
    "-v",
    "error",
    "-y",
    "-i",
    input,
    "-map",
    "0:v:0",
    "-map",
    "0:a:0?",
    "-map_metadata",
    "-1",
    "-map_chapters",
    "-1",
    "-vf",
    scale,
    "-c:v",
    "libx264",
    "-preset",
    "veryfast",
    "-crf",
    "23",
    "-pix_fmt",
    "yuv420p",
    "-c:a",
    "aac",
    "-b:a",
    "128k",
    "-movflags",
    "+faststart",
    "-f",
    "mp4",
    output,
  ]);
  if (result.code !== 0) throw new Error(`ffmpeg failed: ${result.stderr.slice(0, 500)}`);
}

/** One frame (a second in, or the middle of a shorter video) as PNG, for the poster. */
export async function extractPoster(ffmpeg: string, video: string, output: string, at: number): Promise<void> {
  const result = await run(ffmpeg, [
    "-nostdin",
    "-hide_banner",
    "-v",
    "error",
    "-y",
    "-ss",
    at.toFixed(2),
    "-i",
    video,
    "-frames:v",
    "1",
    "-f",
    "image2",
    "-c:v",
    "png",
    output,
  ]);
  if (result.code !== 0) throw new Error(`poster failed: ${result.stderr.slice(0, 500)}`);
}
