import {
  INSTANCE_LOCALE_LABELS,
  INSTANCE_LOCALES,
  INSTANCE_MAX_RULES,
  type InstanceLocale,
  type InstanceView,
  REGISTRATION_MODES,
  type RegistrationMode,
} from "@plaza/contracts/instance.texts";
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { defineMessage, defineMessages, useIntl } from "react-intl";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { SkeletonList } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { useText } from "@/i18n/texts";
import { failureMessage } from "@/lib/api-client";
import { useInstance } from "@/lib/instance";
import { uploadImage } from "@/lib/upload-file";
import { useUpdateInstance } from "../api/instance-settings";
import { PendingAccountsCard } from "./pending-accounts-card";

const messages = defineMessages({
  rulesLegend: { id: "admin.instance.rules.legend", defaultMessage: "Rules (shown at sign-up; people accept them)" },
  noRules: { id: "admin.instance.rules.empty", defaultMessage: "No rules yet." },
  rule: defineMessage<{ number: number }>({ id: "admin.instance.rules.rule", defaultMessage: "Rule {number}" }),
  moveUp: defineMessage<{ number: number }>({
    id: "admin.instance.rules.moveUp",
    defaultMessage: "Move rule {number} up",
  }),
  moveDown: defineMessage<{ number: number }>({
    id: "admin.instance.rules.moveDown",
    defaultMessage: "Move rule {number} down",
  }),
  remove: defineMessage<{ number: number }>({
    id: "admin.instance.rules.remove",
    defaultMessage: "Remove rule {number}",
  }),
  add: { id: "admin.instance.rules.add", defaultMessage: "Add a rule" },
  logoUploadFailed: { id: "admin.instance.logoUploadFailed", defaultMessage: "The logo could not be uploaded." },
  saved: { id: "admin.instance.saved", defaultMessage: "Instance settings saved" },
  saveFailed: { id: "admin.instance.saveFailed", defaultMessage: "The settings could not be saved." },
  formLabel: { id: "admin.instance.formLabel", defaultMessage: "Instance settings" },
  name: { id: "admin.instance.name", defaultMessage: "Name" },
  contactEmail: { id: "admin.instance.contactEmail", defaultMessage: "Contact email" },
  description: { id: "admin.instance.description", defaultMessage: "Description" },
  signUp: { id: "admin.instance.signUp", defaultMessage: "Sign-up" },
  defaultLanguage: { id: "admin.instance.defaultLanguage", defaultMessage: "Default language" },
  membersCanInvite: {
    id: "admin.instance.membersCanInvite",
    defaultMessage: "Members can create invite links (administrators always can)",
  },
  logo: { id: "admin.instance.logo", defaultMessage: "Logo" },
  currentLogo: { id: "admin.instance.currentLogo", defaultMessage: "Current logo" },
  noLogo: { id: "admin.instance.noLogo", defaultMessage: "No logo" },
  removeLogo: { id: "admin.instance.removeLogo", defaultMessage: "Remove logo" },
  saving: { id: "admin.instance.saving", defaultMessage: "Saving..." },
  save: { id: "admin.instance.save", defaultMessage: "Save settings" },
  title: { id: "admin.instance.title", defaultMessage: "Instance settings" },
  cardDescription: {
    id: "admin.instance.cardDescription",
    defaultMessage: "How this town is named and who may join. Changes show everywhere at once.",
  },
  loading: { id: "admin.instance.loading", defaultMessage: "Loading settings..." },
});

/** The web's own words for contracts' REGISTRATION_MODE_LABELS (same English). */
const REGISTRATION_MODE_LABELS = defineMessages({
  open: { id: "admin.instance.mode.open", defaultMessage: "Open: anyone can sign up" },
  approval: {
    id: "admin.instance.mode.approval",
    defaultMessage: "Approval: an administrator approves each new account",
  },
  invite: { id: "admin.instance.mode.invite", defaultMessage: "Invite only: sign-up needs an invite link" },
  closed: { id: "admin.instance.mode.closed", defaultMessage: "Closed: nobody can sign up" },
} satisfies Record<RegistrationMode, { id: string; defaultMessage: string }>);

interface RuleDraft {
  key: string;
  id?: string;
  text: string;
}

let draftSequence = 0;
/** A key for a rule being edited (a new rule has no id yet). */
function draftKey(): string {
  draftSequence += 1;
  return `rule-${draftSequence}`;
}

const SELECT_CLASS = "h-11 w-full rounded-md border bg-surface px-3 text-sm";

/** The rules list of the form: add, remove, move up and down. */
function RulesEditor({ rules, onChange }: { rules: RuleDraft[]; onChange: (rules: RuleDraft[]) => void }) {
  const intl = useIntl();
  const move = (index: number, by: number) => {
    const next = [...rules];
    const [rule] = next.splice(index, 1);
    if (rule) next.splice(index + by, 0, rule);
    onChange(next);
  };
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{intl.formatMessage(messages.rulesLegend)}</legend>
      {rules.length === 0 && <p className="text-sm text-gray-500">{intl.formatMessage(messages.noRules)}</p>}
      <ol className="space-y-2">
        {rules.map((rule, index) => (
          <li key={rule.key} className="flex items-start gap-1">
            <span className="mt-3 w-5 shrink-0 text-sm text-gray-500">{index + 1}.</span>
            <Textarea
              aria-label={intl.formatMessage(messages.rule, { number: index + 1 })}
              rows={2}
              className="min-w-0 flex-1"
              value={rule.text}
              onChange={(event) =>
                onChange(
                  rules.map((other) => (other.key === rule.key ? { ...other, text: event.target.value } : other)),
                )
              }
            />
            <div className="flex shrink-0 flex-col sm:flex-row">
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={intl.formatMessage(messages.moveUp, { number: index + 1 })}
                disabled={index === 0}
                onClick={() => move(index, -1)}
              >
                <ArrowUp aria-hidden />
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={intl.formatMessage(messages.moveDown, { number: index + 1 })}
                disabled={index === rules.length - 1}
                onClick={() => move(index, 1)}
              >
                <ArrowDown aria-hidden />
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={intl.formatMessage(messages.remove, { number: index + 1 })}
                onClick={() => onChange(rules.filter((other) => other.key !== rule.key))}
              >
                <Trash2 aria-hidden />
              </Button>
            </div>
          </li>
        ))}
      </ol>
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={rules.length >= INSTANCE_MAX_RULES}
        onClick={() => onChange([...rules, { key: draftKey(), text: "" }])}
      >
        <Plus aria-hidden /> {intl.formatMessage(messages.add)}
      </Button>
    </fieldset>
  );
}

/** The form, filled from the settings as loaded. */
function InstanceSettingsForm({ instance }: { instance: InstanceView }) {
  const intl = useIntl();
  const text = useText();
  const id = useId();
  const update = useUpdateInstance();
  const [name, setName] = useState(instance.name);
  const [description, setDescription] = useState(instance.description);
  const [contactEmail, setContactEmail] = useState(instance.contactEmail ?? "");
  const [registrationMode, setRegistrationMode] = useState<RegistrationMode>(instance.registrationMode);
  const [locale, setLocale] = useState<InstanceLocale>(instance.locale);
  const [membersCanInvite, setMembersCanInvite] = useState(instance.membersCanInvite);
  const [logoUrl, setLogoUrl] = useState(instance.logoUrl);
  const [rules, setRules] = useState<RuleDraft[]>(instance.rules.map((rule) => ({ ...rule, key: draftKey() })));
  const [error, setError] = useState<string | null>(null);
  const [isUploading, setIsUploading] = useState(false);

  async function uploadLogo(file: File) {
    setIsUploading(true);
    setError(null);
    try {
      setLogoUrl((await uploadImage(file)).objectUrl);
    } catch (failure) {
      setError(failureMessage(failure, intl.formatMessage(messages.logoUploadFailed)));
    } finally {
      setIsUploading(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    update.mutate(
      {
        name,
        description,
        contactEmail: contactEmail.trim() === "" ? null : contactEmail,
        registrationMode,
        locale,
        membersCanInvite,
        logoUrl,
        rules: rules.map(({ id: ruleId, text }) => (ruleId ? { id: ruleId, text } : { text })),
      },
      {
        onSuccess: () => toast({ title: intl.formatMessage(messages.saved) }),
        onError: (failure) => setError(failureMessage(failure, intl.formatMessage(messages.saveFailed))),
      },
    );
  }

  return (
    <form onSubmit={submit} className="space-y-4" aria-label={intl.formatMessage(messages.formLabel)}>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-name`}>{intl.formatMessage(messages.name)}</Label>
          <Input id={`${id}-name`} value={name} onChange={(event) => setName(event.target.value)} required />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-contact`}>{intl.formatMessage(messages.contactEmail)}</Label>
          <Input
            id={`${id}-contact`}
            type="email"
            value={contactEmail}
            onChange={(event) => setContactEmail(event.target.value)}
          />
        </div>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-description`}>{intl.formatMessage(messages.description)}</Label>
        <Textarea
          id={`${id}-description`}
          rows={3}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-mode`}>{intl.formatMessage(messages.signUp)}</Label>
          <select
            id={`${id}-mode`}
            className={SELECT_CLASS}
            value={registrationMode}
            onChange={(event) => setRegistrationMode(event.target.value as RegistrationMode)}
          >
            {REGISTRATION_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {intl.formatMessage(REGISTRATION_MODE_LABELS[mode])}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-locale`}>{intl.formatMessage(messages.defaultLanguage)}</Label>
          <select
            id={`${id}-locale`}
            className={SELECT_CLASS}
            value={locale}
            onChange={(event) => setLocale(event.target.value as InstanceLocale)}
          >
            {INSTANCE_LOCALES.map((code) => (
              <option key={code} value={code} lang={code}>
                {INSTANCE_LOCALE_LABELS[code]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="h-4 w-4 accent-brand-600"
          checked={membersCanInvite}
          onChange={(event) => setMembersCanInvite(event.target.checked)}
        />
        {intl.formatMessage(messages.membersCanInvite)}
      </label>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-logo`}>{intl.formatMessage(messages.logo)}</Label>
        <div className="flex flex-wrap items-center gap-3">
          {logoUrl ? (
            <img
              src={logoUrl}
              alt={intl.formatMessage(messages.currentLogo)}
              width={48}
              height={48}
              className="h-12 w-12 rounded object-cover"
            />
          ) : (
            <span className="text-sm text-gray-500">{intl.formatMessage(messages.noLogo)}</span>
          )}
          <input
            id={`${id}-logo`}
            type="file"
            accept="image/*"
            className="max-w-full text-sm"
            disabled={isUploading}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void uploadLogo(file);
            }}
          />
          {logoUrl && (
            <Button type="button" variant="ghost" size="sm" onClick={() => setLogoUrl(null)}>
              {intl.formatMessage(messages.removeLogo)}
            </Button>
          )}
        </div>
      </div>
      <RulesEditor rules={rules} onChange={setRules} />
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {text(error)}
        </p>
      )}
      <Button type="submit" disabled={update.isPending || isUploading}>
        {intl.formatMessage(update.isPending ? messages.saving : messages.save)}
      </Button>
    </form>
  );
}

/** Instance: the town's own name, description, rules, contact, logo, language and sign-up mode; pending accounts. */
export function InstanceSettingsTab({ isActive }: { isActive: boolean }) {
  const intl = useIntl();
  const instance = useInstance();
  return (
    <div className="grid gap-3 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>{intl.formatMessage(messages.title)}</CardTitle>
          <CardDescription>{intl.formatMessage(messages.cardDescription)}</CardDescription>
        </CardHeader>
        <CardContent>
          {instance.data ? (
            <InstanceSettingsForm instance={instance.data} />
          ) : (
            <SkeletonList label={intl.formatMessage(messages.loading)} count={3} />
          )}
        </CardContent>
      </Card>
      <PendingAccountsCard isActive={isActive} />
    </div>
  );
}
