import type { SocialLinks, SocialPlatform } from "@plaza/contracts/social-links";
import { SOCIAL_PLATFORMS, socialLinkError, socialLinkHost } from "@plaza/contracts/social-links.texts";
import { ExternalLink, Pencil, Plus, X } from "lucide-react";
import { useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useText } from "@/i18n/texts";
import { cn } from "@/lib/cn";
import { useUpdateSocialLinks } from "../api/update-social-links";

const messages = defineMessages({
  title: { id: "users.socialLinks.title", defaultMessage: "Social Links" },
  edit: { id: "users.socialLinks.edit", defaultMessage: "Edit social links" },
  emptyOwner: {
    id: "users.socialLinks.emptyOwner",
    defaultMessage: "Add your social media links to connect with others",
  },
  empty: { id: "users.socialLinks.empty", defaultMessage: "No social links added yet" },
  dialogTitle: { id: "users.socialLinks.dialogTitle", defaultMessage: "Edit Social Media Links" },
  dialogDescription: {
    id: "users.socialLinks.dialogDescription",
    defaultMessage: "Add the profiles you want people to find.",
  },
  addPlatform: { id: "users.socialLinks.addPlatform", defaultMessage: "Add Platform" },
  cancel: { id: "users.socialLinks.cancel", defaultMessage: "Cancel" },
  saving: { id: "users.socialLinks.saving", defaultMessage: "Saving..." },
  save: { id: "users.socialLinks.save", defaultMessage: "Save Changes" },
});

const phrases = defineMessages<{ remove: { platform: string } }>({
  remove: { id: "users.socialLinks.remove", defaultMessage: "Remove {platform}" },
});

const platformByKey = new Map(SOCIAL_PLATFORMS.map((platform) => [platform.key, platform]));

/** The platform's mark: its initial on its brand colour. */
function PlatformIcon({ platform, className }: { platform: SocialPlatform; className?: string }) {
  const isLight = platform.color.toUpperCase() === "#FFFC00";
  return (
    <span
      aria-hidden
      className={cn(
        "inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs font-bold",
        className,
      )}
      style={{ backgroundColor: platform.color, color: isLight ? "#000000" : "#ffffff" }}
    >
      {platform.name.charAt(0)}
    </span>
  );
}

/** Social links block of docs/PRODUCT.md §2: the linked platforms; the owner gets the editor. */
export function SocialLinksBlock({ userId, links, isOwner }: { userId: string; links: SocialLinks; isOwner: boolean }) {
  const intl = useIntl();
  const [isEditing, setIsEditing] = useState(false);
  const entries = Object.entries(links).filter(([, url]) => url.trim() !== "");
  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between">
        <h3 className="font-medium">{intl.formatMessage(messages.title)}</h3>
        {isOwner && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setIsEditing(true)}
            aria-label={intl.formatMessage(messages.edit)}
          >
            <Pencil aria-hidden className="h-4 w-4" />
          </Button>
        )}
      </div>
      {entries.length === 0 ? (
        <p className="text-sm text-gray-500">{intl.formatMessage(isOwner ? messages.emptyOwner : messages.empty)}</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {entries.map(([key, url]) => {
            const platform = platformByKey.get(key);
            const name = platform?.name ?? key;
            // Links only for web addresses (a WeChat id is shown as text), always with the host they lead to.
            const host = socialLinkHost(url);
            return (
              <li key={key}>
                {host ? (
                  <a
                    href={url}
                    target="_blank"
                    rel="noopener noreferrer nofollow"
                    title={url}
                    className="inline-flex items-center gap-2 rounded-full border px-3 py-1 text-sm hover:bg-gray-50"
                  >
                    {platform && <PlatformIcon platform={platform} className="h-5 w-5" />}
                    {name} <span className="text-gray-600">{host}</span>
                    <ExternalLink aria-hidden className="h-3 w-3 text-gray-400" />
                  </a>
                ) : (
                  <span className="inline-flex items-center gap-2 rounded-full border px-3 py-1 text-sm">
                    {platform && <PlatformIcon platform={platform} className="h-5 w-5" />}
                    {name}: {url}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {isOwner && isEditing && <SocialLinksDialog userId={userId} links={links} onClose={() => setIsEditing(false)} />}
    </div>
  );
}

/**
 * 'Edit Social Media Links' (docs/PRODUCT.md §2, §5): invalid values get a red border and a message, and (docs/PRODUCT.md "Fidelity
 * fixes", overriding the seed spec) block saving, as the server refuses them with the same message.
 */
function SocialLinksDialog({ userId, links, onClose }: { userId: string; links: SocialLinks; onClose: () => void }) {
  const intl = useIntl();
  const text = useText();
  const [draft, setDraft] = useState<[string, string][]>(() => Object.entries(links));
  const update = useUpdateSocialLinks(userId);
  const chosenKeys = new Set(draft.map(([key]) => key));
  const available = SOCIAL_PLATFORMS.filter((platform) => !chosenKeys.has(platform.key));
  const hasInvalidLink = draft.some(([key, url]) => socialLinkError(key, url) !== null);

  const save = () => {
    const cleaned = Object.fromEntries(
      draft.map(([key, url]) => [key, url.trim()] as const).filter(([, url]) => url !== ""),
    );
    update.mutate(cleaned, { onSuccess: onClose });
  };

  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{intl.formatMessage(messages.dialogTitle)}</DialogTitle>
          <DialogDescription>{intl.formatMessage(messages.dialogDescription)}</DialogDescription>
        </DialogHeader>
        <div className="space-y-4">
          {draft.map(([key, url], index) => {
            const platform = platformByKey.get(key);
            const error = socialLinkError(key, url);
            const inputId = `social-link-${key}`;
            return (
              <div key={key} className="space-y-1">
                <Label htmlFor={inputId} className="flex items-center gap-2">
                  {platform && <PlatformIcon platform={platform} className="h-5 w-5" />}
                  {platform?.name ?? key}
                </Label>
                <div className="flex gap-2">
                  <Input
                    id={inputId}
                    value={url}
                    placeholder={platform?.placeholder}
                    aria-invalid={error !== null}
                    className={cn(error && "border-red-500 focus-visible:ring-red-500")}
                    onChange={(event) =>
                      setDraft(draft.map((entry, position) => (position === index ? [key, event.target.value] : entry)))
                    }
                  />
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={intl.formatMessage(phrases.remove, { platform: platform?.name ?? key })}
                    onClick={() => setDraft(draft.filter((_, position) => position !== index))}
                  >
                    <X aria-hidden className="h-4 w-4" />
                  </Button>
                </div>
                {error && <p className="text-sm text-red-600">{text(error)}</p>}
              </div>
            );
          })}
          {available.length > 0 && (
            <Select value="" onValueChange={(key) => setDraft([...draft, [key, ""]])}>
              <SelectTrigger aria-label={intl.formatMessage(messages.addPlatform)}>
                <span className="flex items-center gap-2 text-gray-600">
                  <Plus aria-hidden className="h-4 w-4" />{" "}
                  <SelectValue placeholder={intl.formatMessage(messages.addPlatform)} />
                </span>
              </SelectTrigger>
              <SelectContent>
                {available.map((platform) => (
                  <SelectItem key={platform.key} value={platform.key}>
                    <span className="flex items-center gap-2">
                      <PlatformIcon platform={platform} className="h-4 w-4 text-[10px]" />
                      {platform.name}
                    </span>
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {intl.formatMessage(messages.cancel)}
          </Button>
          <Button onClick={save} disabled={update.isPending || hasInvalidLink}>
            {intl.formatMessage(update.isPending ? messages.saving : messages.save)}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
