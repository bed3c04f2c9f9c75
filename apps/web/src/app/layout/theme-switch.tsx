import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { setTheme, THEME_LABELS, THEMES, type Theme, useTheme } from "@/lib/theme";

/** Settings → Preferences: light, dark, or the device's own setting. */
export function ThemeSwitch() {
  const theme = useTheme();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Appearance</CardTitle>
        <CardDescription>Choose how Plaza looks on this device.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-1.5">
        <Label htmlFor="theme">Theme</Label>
        <Select value={theme} onValueChange={(value) => setTheme(value as Theme)}>
          <SelectTrigger id="theme" aria-label="Theme" className="w-full sm:w-64">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {THEMES.map((option) => (
              <SelectItem key={option} value={option}>
                {THEME_LABELS[option]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </CardContent>
    </Card>
  );
}
