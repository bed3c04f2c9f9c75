export default function SettingsRoute() {
  return <h1 className="text-2xl font-bold">Settings</h1>;
}
