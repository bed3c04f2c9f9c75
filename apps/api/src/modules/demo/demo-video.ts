import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hasFfmpeg, run } from "../uploads/video";

/** The demo clip: a few seconds of a drifting colour gradient (the kite creator's colours) with a soft tone. */
export const DEMO_VIDEO_SECONDS = 4;

/**
 * Makes the demo town's short clip with ffmpeg's own generators (no file shipped): small (~100 KB) and fast to
 * make, as a phone would upload it (H.264/AAC MP4). Null where ffmpeg is missing; the town is built without it.
 */
export async function generateDemoVideo(binaries: { ffmpeg: string; ffprobe: string }): Promise<Buffer | null> {
  if (!(await hasFfmpeg(binaries))) return null;
  const workDir = await mkdtemp(join(tmpdir(), "plaza-demo-video-"));
  try {
    const file = join(workDir, "clip.mp4");
    const seconds = String(DEMO_VIDEO_SECONDS);
    const result = await run(
      binaries.ffmpeg,
      [
        "-nostdin",
        "-hide_banner",
        "-v",
        "error",
        "-y",
        "-f",
        "lavfi",
        "-i",
        `gradients=s=480x270:d=${seconds}:r=24:speed=0.03:n=3:c0=0x00b4d8:c1=0x0077b6:c2=0xe9c46a`,
        "-f",
        "lavfi",
        "-i",
        `sine=frequency=392:duration=${seconds},volume=0.2`,
        "-c:v",
        "libx264",
        "-preset",
        "ultrafast",
        "-pix_fmt",
        "yuv420p",
        "-c:a",
        "aac",
        "-b:a",
        "64k",
        "-shortest",
        "-movflags",
        "+faststart",
        file,
      ],
      60_000,
    );
    if (result.code !== 0) throw new Error(`demo video could not be made: ${result.stderr.slice(0, 500)}`);
    return await readFile(file);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
