/** The favourite module's server door. */
export { favouriteKeys, listMyFavourites, mergeFavourites, setFavourite } from "./favourite.server";
