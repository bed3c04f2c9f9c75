import { ruleName } from "@plaza/contracts/instance.texts";
import { MODERATION_ACTION_LABELS, MODERATION_TEXTS, type ModerationAction } from "@plaza/contracts/moderation.texts";
import { type FormEvent, useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { useText } from "@/i18n/texts";
import { failureMessage } from "@/lib/api-client";
import { useInstance } from "@/lib/instance";
import { useTakeAction } from "../api/take-action";

const messages = defineMessages({
  actionLegend: { id: "moderation.actionDialog.actionLegend", defaultMessage: "Action" },
  failed: { id: "moderation.actionDialog.failed", defaultMessage: "Could not apply the action." },
  cancel: { id: "moderation.actionDialog.cancel", defaultMessage: "Cancel" },
  chooseRule: { id: "moderation.actionDialog.chooseRule", defaultMessage: "Choose a rule" },
  otherRule: { id: "moderation.actionDialog.otherRule", defaultMessage: "Something else (write it)" },
  ownWords: { id: "moderation.actionDialog.ownWords", defaultMessage: "In your words" },
});

/** The rule list's choice for a rule the town has not written down. */
const OTHER_RULE = "other";

const phrases = defineMessages<{ about: { name: string } }>({
  about: { id: "moderation.actionDialog.about", defaultMessage: "About {name}" },
});

/** What the action is about: the person, and the reported post when there is one. */
export interface ActionSubject {
  userId: string;
  userName: string;
  postId: string | null;
  reportId: string | null;
}

const ACCOUNT_ACTIONS: ModerationAction[] = ["warn", "limit", "suspend"];
const POST_ACTIONS: ModerationAction[] = ["hide_post", "delete_post"];

/** The moderator's action form: which action, the rule broken, a message, and for a suspension its end. */
export function ActionDialog({ subject, onClose }: { subject: ActionSubject | null; onClose: () => void }) {
  const intl = useIntl();
  const text = useText();
  const act = useTakeAction();
  const [action, setAction] = useState<ModerationAction>("warn");
  const townRules = useInstance().data?.rules ?? [];
  // A listed rule's id, or OTHER_RULE with the moderator's own words in `rule` (a town without rules: words only).
  const [ruleChoice, setRuleChoice] = useState("");
  const [rule, setRule] = useState("");
  const [reason, setReason] = useState("");
  const [until, setUntil] = useState("");
  const actions = subject?.postId ? [...POST_ACTIONS, ...ACCOUNT_ACTIONS] : ACCOUNT_ACTIONS;
  const close = () => {
    act.reset();
    setRuleChoice("");
    setRule("");
    setReason("");
    setUntil("");
    setAction("warn");
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!subject) return;
    act.mutate(
      {
        action,
        userId: subject.userId,
        ...(subject.postId && POST_ACTIONS.includes(action) ? { postId: subject.postId } : {}),
        ...(subject.reportId ? { reportId: subject.reportId } : {}),
        rule: townRules.length > 0 && ruleChoice !== OTHER_RULE ? ruleChoice : rule,
        reason,
        ...(action === "suspend" && until ? { suspendUntil: new Date(until).toISOString() } : {}),
      },
      { onSuccess: close },
    );
  };
  return (
    <Dialog open={subject !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{text(MODERATION_TEXTS.actionTitle)}</DialogTitle>
          <DialogDescription>
            {subject ? intl.formatMessage(phrases.about, { name: subject.userName }) : ""}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="space-y-3">
          <fieldset className="flex flex-wrap gap-2">
            <legend className="sr-only">{intl.formatMessage(messages.actionLegend)}</legend>
            {actions.map((candidate) => (
              <Button
                key={candidate}
                type="button"
                size="sm"
                className="min-h-11"
                variant={candidate === action ? "default" : "outline"}
                aria-pressed={candidate === action}
                onClick={() => setAction(candidate)}
              >
                {text(MODERATION_ACTION_LABELS[candidate])}
              </Button>
            ))}
          </fieldset>
          <div className="space-y-1">
            <Label htmlFor="moderation-rule">{text(MODERATION_TEXTS.rule)}</Label>
            {townRules.length > 0 && (
              <select
                id="moderation-rule"
                className="h-11 w-full rounded-md border bg-surface px-3 text-sm"
                value={ruleChoice}
                onChange={(event) => setRuleChoice(event.target.value)}
              >
                <option value="" disabled>
                  {intl.formatMessage(messages.chooseRule)}
                </option>
                {townRules.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {ruleName(townRules, candidate.id)}
                  </option>
                ))}
                <option value={OTHER_RULE}>{intl.formatMessage(messages.otherRule)}</option>
              </select>
            )}
            {(townRules.length === 0 || ruleChoice === OTHER_RULE) && (
              <Input
                id={townRules.length === 0 ? "moderation-rule" : undefined}
                aria-label={townRules.length === 0 ? undefined : intl.formatMessage(messages.ownWords)}
                value={rule}
                placeholder={text(MODERATION_TEXTS.rulePlaceholder)}
                onChange={(event) => setRule(event.target.value)}
              />
            )}
          </div>
          <div className="space-y-1">
            <Label htmlFor="moderation-reason">{text(MODERATION_TEXTS.reason)}</Label>
            <Textarea
              id="moderation-reason"
              rows={3}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </div>
          {action === "suspend" && (
            <div className="space-y-1">
              <Label htmlFor="moderation-until">{text(MODERATION_TEXTS.suspendUntil)}</Label>
              <Input
                id="moderation-until"
                type="datetime-local"
                value={until}
                onChange={(event) => setUntil(event.target.value)}
              />
            </div>
          )}
          {act.error && (
            <p role="alert" className="text-sm text-red-700">
              {failureMessage(act.error, intl.formatMessage(messages.failed))}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" className="min-h-11" onClick={close}>
              {intl.formatMessage(messages.cancel)}
            </Button>
            <Button type="submit" className="min-h-11" disabled={act.isPending}>
              {text(MODERATION_ACTION_LABELS[action])}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
