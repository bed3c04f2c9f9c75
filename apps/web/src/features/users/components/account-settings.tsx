import {
  type MessagePrivacy,
  type Preferences,
  type ProfileFormBody,
  type ProfileFormInput,
  profileFormBody,
  type SelfUserView,
} from "@plaza/contracts/users";
import { LOCATION_PRIVACIES, MESSAGE_PRIVACIES } from "@plaza/contracts/users.texts";
import { type ReactNode, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { applyServerError, Form, FormField, FormMessage, FormSubmit, useZodForm } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Textarea } from "@/components/ui/textarea";
import { useUpdatePreferences } from "../api/update-preferences";
import { useUpdateProfile } from "../api/update-profile";
import { AccountCard } from "./account-card";
import { BlockedUsersList } from "./blocked-users-list";
import { CustomVisibilityPicker } from "./custom-visibility-picker";

const VISIBILITY_LABELS = {
  public: "Public — everyone can see your profile",
  private: "Private — only followers you approve",
  custom: "Custom — only people you choose (up to 10)",
} as const;
const LOCATION_PRIVACY_LABELS = {
  public: "Public — show city, state and country",
  city: "City — show city and country",
  country: "Country only",
  hidden: "Hidden",
} as const;
const MESSAGE_PRIVACY_LABELS: Record<MessagePrivacy, string> = {
  all: "Everyone",
  friends: "Only people I follow",
  none: "No one",
};
const PREFERENCE_SWITCHES: {
  key: Exclude<keyof Preferences, "messagePrivacy" | "locale">;
  label: string;
  hint: string;
  /** A switch that has nothing to switch: shown off and disabled, with the hint saying why. */
  isUnavailable?: boolean;
}[] = [
  {
    key: "emailNotifications",
    label: "Email notifications",
    hint: "Email me about tips, unlocks, new subscribers and messages left unread for 15 minutes",
  },
  {
    key: "pushNotifications",
    label: "Push notifications",
    hint: "Notify this device even when Plaza is closed (your in-app notifications stay either way)",
  },
  { key: "marketingEmails", label: "Marketing emails", hint: "Plaza sends no marketing mail", isUnavailable: true },
  {
    key: "showOnlineStatus",
    label: "Show online status",
    hint: "Let others see when you are online or were last active",
  },
  { key: "allowDirectMessages", label: "Allow direct messages", hint: "Let people send you messages" },
  { key: "showRecentActivity", label: "Show recent activity", hint: "Show your check-ins and activity to friends" },
  {
    key: "showReadReceipts",
    label: "Read receipts",
    hint: 'Show "Seen" when you read a message; turned off, you don\'t see it from others either',
  },
];

function formValuesOf(user: SelfUserView): ProfileFormInput {
  return {
    firstName: user.firstName ?? "",
    lastName: user.lastName ?? "",
    username: user.username,
    bio: user.bio ?? "",
    accountVisibility: user.accountVisibility,
    customVisibleUsers: user.customVisibleUsers,
    city: user.city ?? "",
    state: user.state ?? "",
    country: user.country ?? "",
    countryCode: user.countryCode ?? "",
    locationPrivacy: user.locationPrivacy,
    allowLocationTracking: user.allowLocationTracking,
  };
}

/**
 * 'Account Settings' of docs/PRODUCT.md §2: Profile, Privacy, Preferences and Account tabs. `followRequests` is the
 * follows feature's request list, composed in by the page.
 */
export function AccountSettings({
  user,
  followRequests,
  security,
  appearance,
  devicePush,
}: {
  user: SelfUserView;
  followRequests?: ReactNode;
  /** Settings → Security (the auth feature's password, email, sessions and two-factor cards). */
  security?: ReactNode;
  /** Settings → Preferences' appearance card (the theme of this device). */
  appearance?: ReactNode;
  /** Settings → Preferences' card for push notifications on this device (the push feature's). */
  devicePush?: ReactNode;
}) {
  const updateProfile = useUpdateProfile();
  const form = useZodForm(profileFormBody, {
    values: formValuesOf(user),
    resetOptions: { keepDirtyValues: true },
  });
  const save = (values: ProfileFormBody) =>
    updateProfile.mutate(values, {
      // The mutation's own toast reports the failure; a field the server names is marked too.
      onError: (error) => applyServerError(form, error, "Failed to update profile. Please try again."),
    });
  const visibility = form.watch("accountVisibility");
  const saveButton = (
    <>
      <FormMessage />
      <FormSubmit pendingLabel="Saving...">Save Changes</FormSubmit>
    </>
  );

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold">Account Settings</h1>
      <Tabs defaultValue="profile">
        <TabsList className={security ? "flex w-full sm:grid sm:grid-cols-5" : "grid w-full grid-cols-4"}>
          <TabsTrigger value="profile">Profile</TabsTrigger>
          <TabsTrigger value="privacy">Privacy</TabsTrigger>
          <TabsTrigger value="preferences">Preferences</TabsTrigger>
          <TabsTrigger value="account">Account</TabsTrigger>
          {security && <TabsTrigger value="security">Security</TabsTrigger>}
        </TabsList>

        <TabsContent value="profile">
          <Form form={form} onSubmit={save} pending={updateProfile.isPending} aria-label="Profile">
            <Card>
              <CardHeader>
                <CardTitle>Profile Information</CardTitle>
                <CardDescription>Update your name, username, bio and location.</CardDescription>
              </CardHeader>
              <CardContent className="space-y-4">
                <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                  <FormField name="firstName" id="settings-first-name" label="First Name">
                    {(field) => <Input {...field} />}
                  </FormField>
                  <FormField name="lastName" id="settings-last-name" label="Last Name">
                    {(field) => <Input {...field} />}
                  </FormField>
                </div>
                <FormField name="username" id="settings-username" label="Username">
                  {(field) => <Input {...field} />}
                </FormField>
                <FormField name="bio" id="settings-bio" label="Bio">
                  {(field) => <Textarea rows={4} placeholder="Tell people about yourself" {...field} />}
                </FormField>
                <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                  <FormField name="city" id="settings-city" label="City">
                    {(field) => <Input {...field} />}
                  </FormField>
                  <FormField name="state" id="settings-state" label="State/Province">
                    {(field) => <Input {...field} />}
                  </FormField>
                  <FormField name="country" id="settings-country" label="Country">
                    {(field) => <Input {...field} />}
                  </FormField>
                  <FormField name="countryCode" id="settings-country-code" label="Country Code">
                    {(field) => <Input maxLength={2} placeholder="US" {...field} />}
                  </FormField>
                </div>
                {saveButton}
              </CardContent>
            </Card>
          </Form>
        </TabsContent>

        <TabsContent value="privacy" className="space-y-6">
          <Form form={form} onSubmit={save} pending={updateProfile.isPending} aria-label="Privacy">
            <Card>
              <CardHeader>
                <CardTitle>Privacy Settings</CardTitle>
                <CardDescription>Control who can see your profile and your location.</CardDescription>
              </CardHeader>
              <CardContent className="space-y-5">
                <FormField name="accountVisibility" id="settings-visibility" label="Account Visibility">
                  {({ value, onChange, ...control }) => (
                    <Select value={value} onValueChange={onChange}>
                      <SelectTrigger
                        id={control.id}
                        aria-label="Account Visibility"
                        aria-invalid={control["aria-invalid"]}
                        aria-describedby={control["aria-describedby"]}
                      >
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {(["public", "private", "custom"] as const).map((value) => (
                          <SelectItem key={value} value={value}>
                            {VISIBILITY_LABELS[value]}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                </FormField>
                {visibility === "custom" && (
                  <FormField name="customVisibleUsers">
                    {({ value, onChange }) => (
                      <>
                        <Label>Visible to</Label>
                        <CustomVisibilityPicker value={value ?? []} onChange={onChange} />
                      </>
                    )}
                  </FormField>
                )}
                <FormField name="locationPrivacy" id="settings-location-privacy" label="Location Privacy">
                  {({ value, onChange, ...control }) => (
                    <Select value={value} onValueChange={onChange}>
                      <SelectTrigger
                        id={control.id}
                        aria-label="Location Privacy"
                        aria-invalid={control["aria-invalid"]}
                        aria-describedby={control["aria-describedby"]}
                      >
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {LOCATION_PRIVACIES.map((value) => (
                          <SelectItem key={value} value={value}>
                            {LOCATION_PRIVACY_LABELS[value]}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                </FormField>
                <div className="flex items-center justify-between gap-4">
                  <div>
                    <Label htmlFor="settings-tracking">Allow Location Tracking</Label>
                    <p className="text-sm text-gray-500">Use your location to show nearby content</p>
                  </div>
                  <FormField name="allowLocationTracking" id="settings-tracking" className="space-y-0">
                    {({ value, onChange, ...control }) => (
                      <Switch
                        id={control.id}
                        aria-invalid={control["aria-invalid"]}
                        checked={value ?? false}
                        onCheckedChange={onChange}
                      />
                    )}
                  </FormField>
                </div>
                {saveButton}
              </CardContent>
            </Card>
          </Form>
          {followRequests && (
            <Card>
              <CardHeader>
                <CardTitle>Follow Requests</CardTitle>
                <CardDescription>People who asked to follow your private account.</CardDescription>
              </CardHeader>
              <CardContent>{followRequests}</CardContent>
            </Card>
          )}
          <Card>
            <CardHeader>
              <CardTitle>Blocked Users</CardTitle>
              <CardDescription>People you blocked cannot see your profile or follow you.</CardDescription>
            </CardHeader>
            <CardContent>
              <BlockedUsersList userId={user.id} />
            </CardContent>
          </Card>
        </TabsContent>

        <TabsContent value="preferences" className="space-y-6">
          {appearance}
          <PreferencesCard user={user} />
          {devicePush}
        </TabsContent>

        <TabsContent value="account">
          <AccountCard user={user} />
        </TabsContent>

        {security && <TabsContent value="security">{security}</TabsContent>}
      </Tabs>
    </div>
  );
}

function PreferencesCard({ user }: { user: SelfUserView }) {
  const updatePreferences = useUpdatePreferences();
  const [draft, setDraft] = useState<Preferences>(user.preferences);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Preferences</CardTitle>
        <CardDescription>Choose how Plaza contacts you and what others see.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {PREFERENCE_SWITCHES.map((item) => (
          <div key={item.key} className="flex items-center justify-between gap-4">
            <div>
              <Label htmlFor={`preference-${item.key}`}>{item.label}</Label>
              <p className="text-sm text-gray-500">{item.hint}</p>
            </div>
            <Switch
              id={`preference-${item.key}`}
              checked={item.isUnavailable ? false : draft[item.key]}
              disabled={item.isUnavailable}
              onCheckedChange={(checked) => setDraft({ ...draft, [item.key]: checked })}
            />
          </div>
        ))}
        <div className="space-y-1.5">
          <Label htmlFor="preference-message-privacy">Who can message you</Label>
          <Select
            value={draft.messagePrivacy}
            onValueChange={(value) => setDraft({ ...draft, messagePrivacy: value as MessagePrivacy })}
          >
            <SelectTrigger id="preference-message-privacy" aria-label="Who can message you">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {MESSAGE_PRIVACIES.map((value) => (
                <SelectItem key={value} value={value}>
                  {MESSAGE_PRIVACY_LABELS[value]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <Button onClick={() => updatePreferences.mutate(draft)} disabled={updatePreferences.isPending}>
          {updatePreferences.isPending ? "Saving..." : "Save Preferences"}
        </Button>
      </CardContent>
    </Card>
  );
}
