/** Moved to lib (Discover pages businesses the same way); kept here for the posts feature's imports. */
export { useInfiniteScroll } from "@/lib/use-infinite-scroll";
