import type { AdmissionView } from "@plaza/contracts/event-door";
import { normalizeTicketCode } from "@plaza/contracts/events.texts";
import { Camera, CameraOff, CircleAlert, CircleCheck, Clock } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { defineMessage, defineMessages, useIntl } from "react-intl";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { failureMessage } from "@/lib/api-client";
import { useAdmitTicket } from "../api/admit-ticket";
import { canUseCamera, frameReader } from "./ticket-scan";

/** How long the same code read again by the camera is ignored (it stays in view while the guest walks in). */
const SAME_CODE_PAUSE_MS = 4000;
const SCAN_INTERVAL_MS = 250;

const messages = defineMessages({
  firstTime: { id: "events.door.firstTime", defaultMessage: "Admitted" },
  alreadyAdmitted: defineMessage<{ time: string }>({
    id: "events.door.alreadyAdmitted",
    defaultMessage: "Already admitted at {time}",
  }),
  cameraDenied: { id: "events.door.cameraDenied", defaultMessage: "The camera is not allowed: type the code instead." },
  cameraUnavailable: {
    id: "events.door.cameraUnavailable",
    defaultMessage: "This browser can't use the camera here: type the code instead.",
  },
  checkFailed: { id: "events.door.checkFailed", defaultMessage: "Couldn't check this ticket" },
  scanner: { id: "events.door.scanner", defaultMessage: "Check in" },
  scannerHint: { id: "events.door.scannerHint", defaultMessage: "Scan a ticket's QR code, or type its code." },
  startCamera: { id: "events.door.startCamera", defaultMessage: "Scan with camera" },
  stopCamera: { id: "events.door.stopCamera", defaultMessage: "Stop camera" },
  codeLabel: { id: "events.door.codeLabel", defaultMessage: "Ticket code" },
  admit: { id: "events.door.admit", defaultMessage: "Admit" },
  admitting: { id: "events.door.admitting", defaultMessage: "Checking..." },
});

type Outcome = { kind: "admitted"; admission: AdmissionView } | { kind: "refused"; message: string };

function OutcomePanel({ outcome, timeZone }: { outcome: Outcome; timeZone: string }) {
  const intl = useIntl();
  if (outcome.kind === "refused") {
    return (
      <p className="flex items-start gap-2 rounded-md bg-red-50 p-3 text-sm text-red-800" data-testid="door-outcome">
        <CircleAlert aria-hidden className="mt-0.5 h-4 w-4 shrink-0" /> {outcome.message}
      </p>
    );
  }
  const { admission } = outcome;
  const time = intl.formatTime(admission.admittedAt, { timeZone, hour: "numeric", minute: "2-digit" });
  const isFirst = admission.firstTime;
  return (
    <div
      className={`flex items-start gap-2 rounded-md p-3 ${isFirst ? "bg-green-50 text-green-900" : "bg-amber-50 text-amber-900"}`}
      data-testid="door-outcome"
    >
      {isFirst ? (
        <CircleCheck aria-hidden className="mt-0.5 h-5 w-5 shrink-0" />
      ) : (
        <Clock aria-hidden className="mt-0.5 h-5 w-5 shrink-0" />
      )}
      <div className="min-w-0">
        <p className="font-semibold wrap-anywhere">{admission.name}</p>
        <p className="text-sm">
          {isFirst ? intl.formatMessage(messages.firstTime) : intl.formatMessage(messages.alreadyAdmitted, { time })}
        </p>
      </div>
    </div>
  );
}

/** The camera's view: reads frames every SCAN_INTERVAL_MS and hands each new code to `onCode`. */
function CameraView({ onCode, onFailure }: { onCode: (code: string) => void; onFailure: (message: string) => void }) {
  const intl = useIntl();
  const deniedRef = useRef("");
  deniedRef.current = intl.formatMessage(messages.cameraDenied);
  const videoRef = useRef<HTMLVideoElement>(null);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;
  const onFailureRef = useRef(onFailure);
  onFailureRef.current = onFailure;
  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let isStopped = false;
    let last = { code: "", at: 0 };
    const start = async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
      } catch {
        onFailureRef.current(deniedRef.current);
        return;
      }
      const video = videoRef.current;
      if (isStopped || !video) return;
      video.srcObject = stream;
      await video.play().catch(() => undefined);
      const read = frameReader(video);
      const tick = async () => {
        const code = await read().catch(() => null);
        const now = Date.now();
        if (code && (code !== last.code || now - last.at > SAME_CODE_PAUSE_MS)) {
          last = { code, at: now };
          onCodeRef.current(code);
        }
        if (!isStopped) timer = window.setTimeout(tick, SCAN_INTERVAL_MS);
      };
      tick();
    };
    start();
    return () => {
      isStopped = true;
      window.clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);
  return (
    <video
      ref={videoRef}
      muted
      playsInline
      className="aspect-square w-full max-w-xs rounded-md bg-black object-cover"
    />
  );
}

/**
 * The host's door: the camera reads ticket QR codes where the browser can (BarcodeDetector, else jsQR), and a typed
 * code always works. Each scan shows the guest's name and "Admitted", or when they were admitted before.
 */
export function DoorScanner({ eventId, timeZone }: { eventId: string; timeZone: string }) {
  const intl = useIntl();
  const admit = useAdmitTicket(eventId);
  const [code, setCode] = useState("");
  const [isCameraOn, setIsCameraOn] = useState(false);
  const [cameraNote, setCameraNote] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const submit = (value: string) => {
    if (normalizeTicketCode(value) === "") return;
    admit.mutate(value, {
      onSuccess: (admission) => {
        setOutcome({ kind: "admitted", admission });
        setCode("");
      },
      onError: (error) =>
        setOutcome({ kind: "refused", message: failureMessage(error, intl.formatMessage(messages.checkFailed)) }),
    });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(code);
  };
  const toggleCamera = () => {
    if (!isCameraOn && !canUseCamera()) {
      setCameraNote(intl.formatMessage(messages.cameraUnavailable));
      return;
    }
    setCameraNote(null);
    setIsCameraOn(!isCameraOn);
  };
  return (
    <Card>
      <CardContent className="space-y-3 p-4">
        <div>
          <h2 className="text-lg font-semibold">{intl.formatMessage(messages.scanner)}</h2>
          <p className="text-sm text-gray-600">{intl.formatMessage(messages.scannerHint)}</p>
        </div>
        <Button type="button" variant="outline" onClick={toggleCamera}>
          {isCameraOn ? <CameraOff aria-hidden /> : <Camera aria-hidden />}
          {intl.formatMessage(isCameraOn ? messages.stopCamera : messages.startCamera)}
        </Button>
        {cameraNote && <p className="text-sm text-gray-600">{cameraNote}</p>}
        {isCameraOn && (
          <CameraView
            onCode={submit}
            onFailure={(message) => {
              setCameraNote(message);
              setIsCameraOn(false);
            }}
          />
        )}
        <form onSubmit={onSubmit} className="space-y-1.5">
          <Label htmlFor="ticket-code">{intl.formatMessage(messages.codeLabel)}</Label>
          <div className="flex gap-2">
            <Input
              id="ticket-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              className="min-w-0 flex-1 font-mono uppercase"
            />
            <Button type="submit" disabled={admit.isPending || normalizeTicketCode(code) === ""}>
              {intl.formatMessage(admit.isPending ? messages.admitting : messages.admit)}
            </Button>
          </div>
        </form>
        <div aria-live="polite">{outcome && <OutcomePanel outcome={outcome} timeZone={timeZone} />}</div>
      </CardContent>
    </Card>
  );
}
