export default function HomeRoute() {
  return <h1 className="text-2xl font-bold">Home</h1>;
}
