import { defineMessages, useIntl } from "react-intl";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { setTheme, THEME_LABELS, THEMES, type Theme, useTheme } from "@/lib/theme";

const messages = defineMessages({
  title: { id: "shell.theme.title", defaultMessage: "Appearance" },
  description: { id: "shell.theme.description", defaultMessage: "Choose how Plaza looks on this device." },
  theme: { id: "shell.theme.label", defaultMessage: "Theme" },
});

/** Settings → Preferences: light, dark, or the device's own setting. */
export function ThemeSwitch() {
  const intl = useIntl();
  const theme = useTheme();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{intl.formatMessage(messages.title)}</CardTitle>
        <CardDescription>{intl.formatMessage(messages.description)}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-1.5">
        <Label htmlFor="theme">{intl.formatMessage(messages.theme)}</Label>
        <Select value={theme} onValueChange={(value) => setTheme(value as Theme)}>
          <SelectTrigger id="theme" aria-label={intl.formatMessage(messages.theme)} className="w-full sm:w-64">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {THEMES.map((option) => (
              <SelectItem key={option} value={option}>
                {intl.formatMessage(THEME_LABELS[option])}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </CardContent>
    </Card>
  );
}
