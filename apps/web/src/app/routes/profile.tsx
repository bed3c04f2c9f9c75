export default function ProfileRoute() {
  return <h1 className="text-2xl font-bold">Profile</h1>;
}
