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
import { useIntl } from "react-intl";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { applyServerError, Form, FormField, FormMessage, FormSubmit, useZodForm } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Textarea } from "@/components/ui/textarea";
import { LanguagePicker } from "@/i18n/language-picker";
import { useUpdatePreferences } from "../api/update-preferences";
import { useUpdateProfile } from "../api/update-profile";
import { AccountCard } from "./account-card";
import {
  LOCATION_PRIVACY_LABELS,
  MESSAGE_PRIVACY_LABELS,
  messages,
  PREFERENCE_SWITCHES,
  VISIBILITY_LABELS,
} from "./account-settings.messages";
import { BlockedUsersList } from "./blocked-users-list";
import { CustomVisibilityPicker } from "./custom-visibility-picker";

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
  const intl = useIntl();
  const updateProfile = useUpdateProfile();
  const form = useZodForm(profileFormBody, {
    values: formValuesOf(user),
    resetOptions: { keepDirtyValues: true },
  });
  const save = (values: ProfileFormBody) =>
    updateProfile.mutate(values, {
      // The mutation's own toast reports the failure; a field the server names is marked too.
      onError: (error) => applyServerError(form, error, intl.formatMessage(messages.profileFailed)),
    });
  const visibility = form.watch("accountVisibility");
  const saveButton = (
    <>
      <FormMessage />
      <FormSubmit pendingLabel={intl.formatMessage(messages.saving)}>
        {intl.formatMessage(messages.saveChanges)}
      </FormSubmit>
    </>
  );

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold">{intl.formatMessage(messages.title)}</h1>
      <Tabs defaultValue="profile">
        <TabsList className={security ? "flex w-full sm:grid sm:grid-cols-5" : "grid w-full grid-cols-4"}>
          <TabsTrigger value="profile">{intl.formatMessage(messages.tabProfile)}</TabsTrigger>
          <TabsTrigger value="privacy">{intl.formatMessage(messages.tabPrivacy)}</TabsTrigger>
          <TabsTrigger value="preferences">{intl.formatMessage(messages.tabPreferences)}</TabsTrigger>
          <TabsTrigger value="account">{intl.formatMessage(messages.tabAccount)}</TabsTrigger>
          {security && <TabsTrigger value="security">{intl.formatMessage(messages.tabSecurity)}</TabsTrigger>}
        </TabsList>

        <TabsContent value="profile">
          <Form
            form={form}
            onSubmit={save}
            pending={updateProfile.isPending}
            aria-label={intl.formatMessage(messages.tabProfile)}
          >
            <Card>
              <CardHeader>
                <CardTitle>{intl.formatMessage(messages.profileTitle)}</CardTitle>
                <CardDescription>{intl.formatMessage(messages.profileDescription)}</CardDescription>
              </CardHeader>
              <CardContent className="space-y-4">
                <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                  <FormField name="firstName" id="settings-first-name" label={intl.formatMessage(messages.firstName)}>
                    {(field) => <Input {...field} />}
                  </FormField>
                  <FormField name="lastName" id="settings-last-name" label={intl.formatMessage(messages.lastName)}>
                    {(field) => <Input {...field} />}
                  </FormField>
                </div>
                <FormField name="username" id="settings-username" label={intl.formatMessage(messages.username)}>
                  {(field) => <Input {...field} />}
                </FormField>
                <FormField name="bio" id="settings-bio" label={intl.formatMessage(messages.bio)}>
                  {(field) => (
                    <Textarea rows={4} placeholder={intl.formatMessage(messages.bioPlaceholder)} {...field} />
                  )}
                </FormField>
                <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                  <FormField name="city" id="settings-city" label={intl.formatMessage(messages.city)}>
                    {(field) => <Input {...field} />}
                  </FormField>
                  <FormField name="state" id="settings-state" label={intl.formatMessage(messages.state)}>
                    {(field) => <Input {...field} />}
                  </FormField>
                  <FormField name="country" id="settings-country" label={intl.formatMessage(messages.country)}>
                    {(field) => <Input {...field} />}
                  </FormField>
                  <FormField
                    name="countryCode"
                    id="settings-country-code"
                    label={intl.formatMessage(messages.countryCode)}
                  >
                    {(field) => (
                      <Input
                        maxLength={2}
                        placeholder={intl.formatMessage(messages.countryCodePlaceholder)}
                        {...field}
                      />
                    )}
                  </FormField>
                </div>
                {saveButton}
              </CardContent>
            </Card>
          </Form>
        </TabsContent>

        <TabsContent value="privacy" className="space-y-6">
          <Form
            form={form}
            onSubmit={save}
            pending={updateProfile.isPending}
            aria-label={intl.formatMessage(messages.tabPrivacy)}
          >
            <Card>
              <CardHeader>
                <CardTitle>{intl.formatMessage(messages.privacyTitle)}</CardTitle>
                <CardDescription>{intl.formatMessage(messages.privacyDescription)}</CardDescription>
              </CardHeader>
              <CardContent className="space-y-5">
                <FormField
                  name="accountVisibility"
                  id="settings-visibility"
                  label={intl.formatMessage(messages.accountVisibility)}
                >
                  {({ value, onChange, ...control }) => (
                    <Select value={value} onValueChange={onChange}>
                      <SelectTrigger
                        id={control.id}
                        aria-label={intl.formatMessage(messages.accountVisibility)}
                        aria-invalid={control["aria-invalid"]}
                        aria-describedby={control["aria-describedby"]}
                      >
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {(["public", "private", "custom"] as const).map((value) => (
                          <SelectItem key={value} value={value}>
                            {intl.formatMessage(VISIBILITY_LABELS[value])}
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
                        <Label>{intl.formatMessage(messages.visibleTo)}</Label>
                        <CustomVisibilityPicker value={value ?? []} onChange={onChange} />
                      </>
                    )}
                  </FormField>
                )}
                <FormField
                  name="locationPrivacy"
                  id="settings-location-privacy"
                  label={intl.formatMessage(messages.locationPrivacy)}
                >
                  {({ value, onChange, ...control }) => (
                    <Select value={value} onValueChange={onChange}>
                      <SelectTrigger
                        id={control.id}
                        aria-label={intl.formatMessage(messages.locationPrivacy)}
                        aria-invalid={control["aria-invalid"]}
                        aria-describedby={control["aria-describedby"]}
                      >
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {LOCATION_PRIVACIES.map((value) => (
                          <SelectItem key={value} value={value}>
                            {intl.formatMessage(LOCATION_PRIVACY_LABELS[value])}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                </FormField>
                <div className="flex items-center justify-between gap-4">
                  <div>
                    <Label htmlFor="settings-tracking">{intl.formatMessage(messages.locationTracking)}</Label>
                    <p className="text-sm text-gray-500">{intl.formatMessage(messages.locationTrackingHint)}</p>
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
                <CardTitle>{intl.formatMessage(messages.followRequestsTitle)}</CardTitle>
                <CardDescription>{intl.formatMessage(messages.followRequestsDescription)}</CardDescription>
              </CardHeader>
              <CardContent>{followRequests}</CardContent>
            </Card>
          )}
          <Card>
            <CardHeader>
              <CardTitle>{intl.formatMessage(messages.blockedTitle)}</CardTitle>
              <CardDescription>{intl.formatMessage(messages.blockedDescription)}</CardDescription>
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
  const intl = useIntl();
  const updatePreferences = useUpdatePreferences();
  const [draft, setDraft] = useState<Preferences>(user.preferences);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{intl.formatMessage(messages.preferencesTitle)}</CardTitle>
        <CardDescription>{intl.formatMessage(messages.preferencesDescription)}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {/* The account's language (`preferences.locale`): saved at once, then the page loads again in it. */}
        <div className="flex items-center justify-between gap-4">
          <div>
            <p className="text-sm font-medium">{intl.formatMessage(messages.language)}</p>
            <p className="text-sm text-gray-500">{intl.formatMessage(messages.languageHint)}</p>
          </div>
          <LanguagePicker signedIn />
        </div>
        {PREFERENCE_SWITCHES.map((item) => (
          <div key={item.key} className="flex items-center justify-between gap-4">
            <div>
              <Label htmlFor={`preference-${item.key}`}>{intl.formatMessage(item.label)}</Label>
              <p className="text-sm text-gray-500">{intl.formatMessage(item.hint)}</p>
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
          <Label htmlFor="preference-message-privacy">{intl.formatMessage(messages.messagePrivacy)}</Label>
          <Select
            value={draft.messagePrivacy}
            onValueChange={(value) => setDraft({ ...draft, messagePrivacy: value as MessagePrivacy })}
          >
            <SelectTrigger id="preference-message-privacy" aria-label={intl.formatMessage(messages.messagePrivacy)}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {MESSAGE_PRIVACIES.map((value) => (
                <SelectItem key={value} value={value}>
                  {intl.formatMessage(MESSAGE_PRIVACY_LABELS[value])}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <Button onClick={() => updatePreferences.mutate(draft)} disabled={updatePreferences.isPending}>
          {intl.formatMessage(updatePreferences.isPending ? messages.saving : messages.savePreferences)}
        </Button>
      </CardContent>
    </Card>
  );
}
