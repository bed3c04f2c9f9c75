import { MODERATION_TEXTS } from "@plaza/contracts/moderation.texts";
import { type FormEvent, useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { useText } from "@/i18n/texts";
import { failureMessage } from "@/lib/api-client";
import { useBlockEmailDomain } from "../api/block-email-domain";
import { useEmailDomainBlocks } from "../api/email-domain-blocks";
import { useUnblockEmailDomain } from "../api/unblock-email-domain";

const messages = defineMessages({
  description: {
    id: "moderation.domains.description",
    defaultMessage: "Addresses at these domains, or under them, cannot sign up or be switched to.",
  },
  domain: { id: "moderation.domains.domain", defaultMessage: "Domain" },
  blockFailed: { id: "moderation.domains.blockFailed", defaultMessage: "Could not block the domain." },
});

/** Blocked email domains: sign-ups and email changes to them (and their subdomains) are refused. */
export function DomainBlocksTab({ isActive }: { isActive: boolean }) {
  const intl = useIntl();
  const text = useText();
  const blocks = useEmailDomainBlocks(isActive);
  const block = useBlockEmailDomain();
  const unblock = useUnblockEmailDomain();
  const [domain, setDomain] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    block.mutate(domain, { onSuccess: () => setDomain("") });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{text(MODERATION_TEXTS.domainsTab)}</CardTitle>
        <CardDescription>{intl.formatMessage(messages.description)}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <form onSubmit={submit} className="flex flex-wrap gap-2">
          <Input
            aria-label={intl.formatMessage(messages.domain)}
            className="min-h-11 min-w-0 flex-1"
            placeholder={MODERATION_TEXTS.domainPlaceholder}
            value={domain}
            onChange={(event) => setDomain(event.target.value)}
          />
          <Button type="submit" className="min-h-11" disabled={block.isPending}>
            {text(MODERATION_TEXTS.blockDomain)}
          </Button>
        </form>
        {block.error && (
          <p role="alert" className="text-sm text-red-700">
            {failureMessage(block.error, intl.formatMessage(messages.blockFailed))}
          </p>
        )}
        {blocks.data?.length === 0 && <p className="text-sm text-gray-600">{text(MODERATION_TEXTS.noDomains)}</p>}
        <ul className="divide-y rounded-md border">
          {blocks.data?.map((entry) => (
            <li key={entry.id} className="flex items-center justify-between gap-2 px-3 py-1">
              <span className="wrap-anywhere font-mono text-sm">{entry.domain}</span>
              <Button
                size="sm"
                variant="outline"
                className="min-h-11"
                disabled={unblock.isPending}
                onClick={() => unblock.mutate(entry.id)}
              >
                {text(MODERATION_TEXTS.unblock)}
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
