// Booking.com Demand API 3.1: types generated from contracts/booking-demand-api-3.1.openapi.yml
// by scripts/booking-types.mjs (openapi-typescript). Do not edit; run `npm run booking:types`.

export interface paths {
    "/accommodations/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Search accommodation
         * @description This endpoint returns, by default, the cheapest available product for each accommodation that matches the specified search criteria. <br/><br/>When you apply location filters using parameters such as country or region id, the results are sorted by Booking.com popularity (top_picks) instead of price.<br/>In this case, accommodations are ranked in descending order of popularity, meaning higher-ranked listings will appear earlier in the response.
         */
        post: operations["/accommodations/search"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accommodations/availability": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check availability
         * @description Use this endpoint to return detailed product availability, price and charges of the accommodation matching a given search criteria. <br/>By default, only product availability and price is returned. To receive extended information use the `extras` parameter. <br/><br/>Note: It is mandatory to pass the input parameters: accommodation, booker, checkin, checkout and guest.
         */
        post: operations["/accommodations/availability"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accommodations/bulk-availability": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check multiple availability
         * @description Use this endpoint to retrieve detailed product availability, price and charges of a list of accommodations. By default, only product availability and price is returned. <br/>To receive extended information use the `extras` parameter. <br/>Note: It is mandatory to pass the input parameters: accommodations, booker, checkin, checkout and guests.
         */
        post: operations["/accommodations/bulk-availability"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accommodations/chains": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Chains
         * @description Use this endpoint to retrieve a list of accommodation chains and their associated brands.<br/><br/> A chain-branded accommodation is part of a larger corporate group and operates under a recognised brand. The returned information can be used to filter search results by chain or brand across other endpoints. <br/> - To obtain the full list of chains, call this endpoint with an empty request body. <br/> - The `id` values returned are the codes used as input and output in other API requests, ensuring consistency across your integration. <br/> **Example of chain** - "Radisson Hotel Group" with brands such as "Radisson Blu" or "Park Inn by Radisson."
         */
        post: operations["/accommodations/chains"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accommodations/constants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Constants
         * @description Use this endpoint to retrieve standardised codes and names for accommodation-specific types, including facilities, room types, bed types, themes, and charges. <br/>These constants can be used to filter searches or populate reference data across other accommodation endpoints. <br/>You can request multiple languages using IETF language tags (see common/languages). <br/> Call with an empty body to retrieve all constants. The codes returned are canonical identifiers used across the API.
         */
        post: operations["/accommodations/constants"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accommodations/details": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Details
         * @description This endpoint returns detailed information on all accommodation properties matching a given search criteria. By default, only basic information is returned. <br/><br/>It is mandatory to pass one of the input parameters: accommodations, airport, city, country or region. <br/><br/>To receive extended information use the `extras` parameter.
         */
        post: operations["/accommodations/details"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accommodations/details/changes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Updated accommodations
         * @description Use this endpoint to track accommodations that have opened, closed, or had relevant content updates since a specific timestamp. Changes can include updates to general information, facilities, rooms, photos, payments, and more. <br/>You can:<br/> - Filter results by country or city.<br/> - Use the "next" timestamp from the response to request further updates.<br/><br/>To keep your local accommodation cache up to date, use this endpoint in combination with [accommodations/details](/demand/docs/open-api/demand-api/accommodations/accommodations/details) <br/><br/>The maximum number of IDs returned is approximately 5000 per request.
         */
        post: operations["/accommodations/details/changes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accommodations/reviews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accommodation reviews
         * @description This endpoint provides access to reviews for specified accommodations, allowing you to retrieve traveller feedback associated with a particular property.</br></br> ✅ The reviews returned can be [filtered and sorted](/demand/docs/accommodations/filter-sorting), with the option to limit the number of reviews per accommodation by specifying the `rows` parameter.</br></br> Please note that the ratings **score is based on all traveller traffic across Booking.com**, and may not necessarily reflect the experience of your own customers.</br></br> If you choose to display or use these ratings and reviews, you are responsible for ensuring that your travellers are properly informed about what these scores represent.
         */
        post: operations["/accommodations/reviews"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accommodations/reviews/scores": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accommodation review scores
         * @description This endpoint returns score distribution and score breakdown for the specified accommodations. The scores information can be filtered by reviewer parameters and languages.
         */
        post: operations["/accommodations/reviews/scores"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/common/languages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retrieve language codes
         * @description This endpoint returns a list of human language codes and their names in the corresponding language. To get the full list call the endpoint passing an empty body. The language codes returned are what is used as input and output for other endpoints.
         */
        post: operations["/common/languages"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/common/locations/airports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Airports
         * @description This endpoint returns a list of airport codes and their names in the selected languages. The airports returned may be filtered by a location id. For example, you can get the list of airports in The Netherlands by passing: `{"country":"nl"}`. To get the full list call the endpoint passing an empty body. The airport codes returned are what is used as input and output for other endpoints. This endpoint implements pagination of the results.
         */
        post: operations["/common/locations/airports"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/common/locations/cities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cities
         * @description This endpoint returns a list of city codes and their names in the selected languages. The cities returned may be filtered by a location id. For example, you can get the list of cities in The Netherlands by passing: `{"country":"nl"}`. To get the full list call the endpoint passing an empty body. The city codes returned are what is used as input and output for other endpoints. This endpoint implements pagination of the results.
         */
        post: operations["/common/locations/cities"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/common/locations/countries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Countries
         * @description This endpoint returns a list of country codes and their names in the selected languages. The countries returned may be filtered by a location id. For example, you can get the list of countries that are associated with the European Alps region by passing: `{"region":1199}`. <br/><br/>To get the full list call the endpoint passing an empty body. The returned country codes are used as input and output for other endpoints. <br/><br/>This endpoint implements pagination of the results.
         */
        post: operations["/common/locations/countries"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/common/locations/districts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Districts
         * @description This endpoint returns a list of districts with translations in the selected languages. The districts returned may be filtered by a location id. For example, you can get the list of districts in Amsterdam by passing: `{"city":-2140479}`. <br/><br/>To get the full list call the endpoint passing an empty body. The district ids returned are what is used as input and output for other endpoints.<br/><br/> This endpoint implements pagination of the results.
         */
        post: operations["/common/locations/districts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/common/locations/landmarks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Landmarks
         * @description This endpoint returns a list of relevant geographical landmark codes and their names in the selected languages. The landmarks returned may be filtered by a location id. For example, you can get the list of landmarks that are associated with the city of Paris in France by passing: `{"city":-1456928}`. <br/><br/>To get the full list call the endpoint passing an empty body. The landmark codes returned are what is used as input and output for other endpoints. <br/><br/>This endpoint implements pagination of the results.
         */
        post: operations["/common/locations/landmarks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/common/locations/regions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Regions
         * @description This endpoint returns a list of regions with translations in the selected languages. The regions returned may be filtered by a location id. For example, you can get the list of regions in the Netherlands or that the Netherlands is a part of by passing: `{"country":"nl"}`.  To get the full list call the endpoint passing an empty body. The region ids returned are what is used as input and output for other endpoints. This endpoint implements pagination of the results.
         */
        post: operations["/common/locations/regions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/common/payments/cards": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Payment cards
         * @description This endpoint returns a list of supported payment cards and their names in English. Examples of payment types are the different credit and debit cards. <br/><br/>To get the full list call the endpoint passing an empty body. The codes returned are what is used as input and output for other endpoints.
         */
        post: operations["/common/payments/cards"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/common/payments/currencies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Currencies
         * @description This endpoint returns a list of currency codes and their names in the selected languages. To get the full list call the endpoint passing an empty body. <br/><br/>The currency codes returned are what is used as input and output for other endpoints.
         */
        post: operations["/common/payments/currencies"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Preview an order
         * @description This endpoint returns the total final price with final charges, as well as the price breakdown and payment/cancellation policies for each product passed in the input.
         */
        post: operations["/orders/preview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an order
         * @description Use this endpoint to confirm the booking and proceed the payment.
         */
        post: operations["/orders/create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/details": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Orders details
         * @description This endpoint returns basic information for orders filtered according to the input.
         */
        post: operations["/orders/details"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/details/accommodations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Orders with accommodation details
         * @description This endpoint returns all information for given accommodation orders, sorted by `bookingDate` in descending order
         */
        post: operations["/orders/details/accommodations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/details/cars": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Orders with car details
         * @description This endpoint returns car order details, sorted by `bookingDate` in descending order
         */
        post: operations["/orders/details/cars"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/details/flights": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Orders with flight details
         * @description Use this endpoint to retrieve detailed information for one or more flight orders. - You can request car order details either by **order ID** or by **reservation ID**. - The response includes all relevant information for each order, such as booking and cancellation details, commission, pricing, and optional extras (for example, policies).   Results are sorted by `bookingDate` in descending order, with the most recently booked orders listed first. It returns structured order data, including pricing, itinerary segments with IATA airport codes, etc. </br></br>This endpoint is ideal for:</br></br> - Displaying flight booking details in traveller dashboards or confirmation pages.</br> - Generating post-booking communications and invoices. </br> - Performing reporting or reconciliation tasks that require accurate itinerary and pricing data.
         */
        post: operations["/orders/details/flights"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/modify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Modify an order
         * @description Use this endpoint to modify certain aspects of an accommodation order, such as credit card details, checkin/checkout dates, and room configurations (guest allocation, guest names, and smoking preferences).
         *       - See the [Orders modification guide](/demand/docs/orders-api/order-modify) for examples and best practices.
         */
        post: operations["/orders/modify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel an order
         * @description Use this endpoint to process an order cancellation. Refer to the [Cancellations guide](/demand/docs/orders-api/cancel-order) for instructions, tips and examples.
         */
        post: operations["/orders/cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/cars/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Search car rentals
         * @description Use this endpoint to retrieve the available car rentals matching the search criteria.
         */
        post: operations["/search"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/cars/depots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Depots
         * @description Use this endpoint to retrieve the list of all available car rental depots.
         */
        post: operations["/depots"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/cars/depots/reviews/scores": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Depot scores
         * @description Use this endpoint to return the score breakdown for the specified depots together with the overall number of reviews and score. </br></br>- Please note that the **ratings score is based on all traveller traffic across Booking.com/cars**, and may not necessarily reflect the experience of your own customers.</br></br> - If you choose to display or use these ratings, you are responsible for ensuring that your travellers are properly informed about what these scores represent.
         */
        post: operations["/depots/reviews/scores"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/cars/details": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Car details
         * @description Use this endpoint to fetch car details like bag capacity, number of doors, brand and model, etc.
         */
        post: operations["/details"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/cars/suppliers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Suppliers
         * @description Use this endpoint to fetch a list of car rental suppliers. <br/>You can use a supplier ID (or an array of them), to retrieve specific details. <br/>Alternatively, if you do not add any ID in the request, the response will include all suppliers.
         */
        post: operations["/suppliers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/cars/constants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Car constants
         * @description This endpoint returns a list of relevant car constants names in the specified languages. For example, calling with the parameters {"languages":"en-us","fr"} will return the list in English (US) and French. To retrieve the full list, make the request with an empty body.
         */
        post: operations["/constants"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/messages/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a message
         * @description Sends a message within a conversation. The message body supports plain text.
         *     Optionally, attach a file by referencing a previously uploaded attachment ID.
         */
        post: operations["sendMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/messages/conversations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retrieve a conversation
         * @description Retrieves a conversation accessible to the authenticated user, including message history and participants.
         */
        post: operations["retrieve-conversation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/messages/latest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Fetch latest messages
         * @description Retrieves up to 100 of the most recent messages from a specified conversation, including messages from both property and guest.<br/>
         *
         *     - Messages are returned in reverse chronological order (newest first).
         *     - Use this endpoint to sync message threads or poll for updates.
         *
         *     **Important:** This endpoint **does not accept a request body**.  To retrieve the latest messages, send an empty POST request.
         *     Any content in the request body will be ignored.
         */
        post: operations["fetchLatestMessages"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/messages/latest/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm message receipt
         * @description Confirms receipt of specified messages.
         *     This confirmation is required before receiving new messages from the POST /messages/latest endpoint.
         */
        post: operations["confirmMessageReceipt"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/messages/attachments/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload an attachment
         * @description Uploads a file to be used as a message attachment.
         *     The response includes an attachment ID to reference when sending messages.
         */
        post: operations["uploadAttachment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/messages/attachments/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Download a message attachment
         * @description Retrieves a file that was attached to a message. The response includes the file's content as a base64-encoded string.
         */
        post: operations["downloadMessageAttachment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/messages/attachments/metadata": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retrieve attachment metadata
         * @description Returns metadata for a file uploaded in a message, including its name, type, and size.
         */
        post: operations["getAttachmentMetadata"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: never;
    responses: never;
    parameters: {
        /** @description Include here your Affiliate identifier number */
        AffiliateIdHeader: number;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    "/accommodations/search": {
        parameters: {
            query?: never;
            header: {
                /** @description Include here your Affiliate identifier number */
                "X-Affiliate-Id": number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "booker": {
                 *         "country": "nl",
                 *         "platform": "desktop"
                 *       },
                 *       "checkin": "!START_DATE!",
                 *       "checkout": "!END_DATE!",
                 *       "city": -2140479,
                 *       "extras": [
                 *         "extra_charges",
                 *         "products"
                 *       ],
                 *       "guests": {
                 *         "number_of_adults": 2,
                 *         "number_of_rooms": 1
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description Filter the result based if the front desk reception is available 24/7. When specified true, the result will filter the products where front desk is available 24/7. */
                    "24_hour_reception"?: boolean;
                    accommodation_facilities?: number[];
                    accommodation_types?: number[];
                    accommodations?: number[];
                    /**
                     * @description A three-letter code that uniquely identifies an airport as defined by the International Air Transport Association (IATA). The full list can be obtained by calling  <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/airports" target="_blank">common/locations/airports</a>.
                     * @example AMS
                     */
                    airport?: string;
                    /**
                     * Booker
                     * @description The booker's information.
                     */
                    booker: {
                        /** @description The booker country for showing the best price for that user and obeying laws regarding the display of taxes and fees. */
                        country: string;
                        /**
                         * @description The booker platform for showing the platform based deals and prices.
                         * @enum {string}
                         */
                        platform: "android" | "desktop" | "ios" | "mobile" | "tablet";
                        /** @description The booker state for showing the best price for that user and obeying laws regarding the display of taxes and fees. Currently applicable only for country US. */
                        state?: string;
                        /**
                         * @description The travel purpose of the booker.
                         * @enum {string}
                         */
                        travel_purpose?: "business" | "leisure";
                        /** @description The user groups that the booker is a member of. */
                        user_groups?: "authenticated"[];
                    };
                    brands?: number[];
                    /**
                     * @description Filters the result for the cancellation type specified. Possible values are free_cancellation & non_refundable. If cancellation_type is free_cancellation, the result will contain all the products with free_cancellation.
                     * @enum {string}
                     */
                    cancellation_type?: "free_cancellation" | "non_refundable";
                    /**
                     * Format: date
                     * @description The checkin date. Must be within 500 days in the future and in the format yyyy-mm-dd.
                     */
                    checkin: string;
                    /**
                     * Format: date
                     * @description The checkout date. Must be later than {checkin}. Must be between 1 and 90 days after {checkin}. Must be within 500 days in the future and in the format yyyy-mm-dd.
                     */
                    checkout: string;
                    /** @description A signed integer number that uniquely identifies a city. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/cities" target="_blank">common/locations/cities</a>. */
                    city?: number;
                    /**
                     * AccommodationsSearchCoordinatesOutput
                     * @description Limit the result list to the specified coordinates.
                     */
                    coordinates?: {
                        /**
                         * Format: double
                         * @description Specify a latitude (as well as a longitude and radius) to do searches around a specific location.
                         */
                        latitude?: number;
                        /**
                         * Format: double
                         * @description Specify a longitude (as well as a latitude and radius) to do searches around a specific location.
                         */
                        longitude?: number;
                        /**
                         * Format: double
                         * @description The radius is km to search around the specified latitude and longitude.
                         */
                        radius?: number;
                    };
                    /**
                     * @description A two-letter code that uniquely identifies a country. This code is defined by the ISO 3166-1 alpha-2 standard (ISO2) as described here: https://en.wikipedia.org/wiki/ISO_3166-1_alpha-2. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/countries" target="_blank">common/locations/countries</a>.
                     * @example nl
                     */
                    country?: string;
                    /**
                     * @description A three-letter code that uniquely identifies a monetary currency as defined by the ISO 4217 standard. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonpayments/common/payments/currencies" target="_blank">common/payments/currencies</a>.
                     * @example EUR
                     */
                    currency?: string;
                    /** @description A signed integer number that uniquely identifies a district. Typically, districts define known areas within a city. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/districts" target="_blank">common/locations/districts</a>. */
                    district?: number;
                    /**
                     * @description This parameter specifies if the results should include dormitory beds or rooms. The default behaviour will include the dormitory beds or rooms with other results. When this flag is set to 'only', the response will only include dormitory beds or rooms. When this flag is set to 'exclude', the response will exclude dormitory beds or rooms. When this flag is set to 'include', the response will include dormitory beds or rooms with other results.
                     * @default include
                     * @enum {string}
                     */
                    dormitories?: "include" | "exclude" | "only";
                    /** @description Input parameter to request for additional information about the products. */
                    extras?: ("extra_charges" | "products")[];
                    /**
                     * AccommodationsGuests
                     * @description The guest details for the request.
                     */
                    guests: {
                        /** @description The exact allocation of guests to rooms. */
                        allocation?: {
                            /** @description The children ages for this room. */
                            children?: number[];
                            /** @description The number of adults for this room. */
                            number_of_adults: number;
                        }[];
                        /** @description Array with the children ages. */
                        children?: number[];
                        /** @description The number of adults for the search. */
                        number_of_adults: number;
                        /** @description The number of rooms needed. */
                        number_of_rooms: number;
                    };
                    /** @description A signed integer number that uniquely identifies a relevant geographical landmark, like a monument or a natural attraction. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/landmarks" target="_blank">common/locations/landmarks</a>. */
                    landmark?: number;
                    /**
                     * @description Filter the result based on the selected meal plan. Example: When specified breakfast_included, it will show the product with free breakfast.
                     * @enum {string}
                     */
                    meal_plan?: "all_inclusive" | "breakfast_included" | "full_board" | "half_board";
                    /** @description Pagination token used to retrieve the next page of results. Obtained from `next_page`. */
                    page?: string;
                    /** @description The payment filter for the request */
                    payment?: {
                        /** @description Filter to show accommodations which require credit card */
                        credit_card_required?: boolean;
                        /**
                         * @description This parameter specifies that the results should only return accommodation and blocks that contain the specified payment timings.
                         * @enum {string}
                         */
                        timing?: "pay_at_the_property" | "pay_online";
                    };
                    /** @description If specified, will return only results where the price *per night* falls in the specified range (inclusive). This filter requires that a currency is passed */
                    price?: {
                        /** @description Set the maximum price per night, in the specified currency, or omit to indicate no upper limit. */
                        maximum?: number;
                        /** @description Set the minimum price per night, in the specified currency, or omit to indicate no lower limit. */
                        minimum?: number;
                    };
                    /** @description The rating filter for the request */
                    rating?: {
                        /** @description Show only hotels with review_score >= that. Review score should be in the range 1 to 10. */
                        minimum_review_score?: number;
                        /** @description Limit to accommodations with the given number(s) of stars. Stars should be in the range of 1 to 5. */
                        stars?: number[];
                    };
                    /** @description A signed integer number that uniquely identifies a geographical region. Regions usually define official administrative areas within a country, but may also include multiple countries and in some cases un-official but popular designations for geographical areas. An example of a region that crosses multiple countries is the Alps in Europe. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/regions" target="_blank">common/locations/regions</a>. */
                    region?: number;
                    room_facilities?: number[];
                    /**
                     * @description The maximum number of results to return.
                     * @default 100
                     */
                    rows?: number;
                    /** @description The sorting parameters for the response */
                    sort?: {
                        /**
                         * @description The way to sort your results. NOTE: When ordering by distance please make sure to specify the latitude and longitude!
                         * @enum {string}
                         */
                        by?: "distance" | "price" | "review_score" | "stars";
                        /**
                         * @description The direction you wish for your sort.by parameter to be sorted in
                         * @enum {string}
                         */
                        direction?: "ascending" | "descending";
                    };
                    /** @description Filter the result based on if the property is LGBTQ+ friendly. When specified true, the result will filter and return only the accommodations that are Proud Certified. */
                    travel_proud?: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "01fr9ez700exycb98w90w5r9sh",
                     *       "data": [
                     *         {
                     *           "id": 10004,
                     *           "currency": "EUR",
                     *           "deep_link_url": "booking://hotel/10004?affiliate_id=!AFFILIATE_ID!&checkin=!START_DATE!&checkout=!END_DATE!&mcid=10",
                     *           "price": {
                     *             "base": 1081.49,
                     *             "book": 1260.52,
                     *             "extra_charges": {
                     *               "excluded": 0,
                     *               "included": 179.04
                     *             },
                     *             "total": 1260.52
                     *           },
                     *           "products": [
                     *             {
                     *               "id": "1000420_95127794_2_0_0",
                     *               "bundle": null,
                     *               "children": [],
                     *               "deal": null,
                     *               "inventory": {
                     *                 "third_party": false,
                     *                 "type": "sell"
                     *               },
                     *               "number_of_adults": 2,
                     *               "policies": {
                     *                 "cancellation": {
                     *                   "free_cancellation_until": null,
                     *                   "type": "non_refundable"
                     *                 },
                     *                 "meal_plan": {
                     *                   "meals": [],
                     *                   "plan": "no_plan"
                     *                 },
                     *                 "payment": {
                     *                   "timings": [
                     *                     "pay_at_the_property"
                     *                   ]
                     *                 }
                     *               },
                     *               "price": {
                     *                 "base": 1081.49,
                     *                 "book": 1260.52,
                     *                 "extra_charges": {
                     *                   "conditional": [],
                     *                   "excluded": [],
                     *                   "included": [
                     *                     {
                     *                       "charge": 21,
                     *                       "mode": "percentage",
                     *                       "percentage": 9,
                     *                       "total_amount": 107.07,
                     *                       "unit_amount": null
                     *                     },
                     *                     {
                     *                       "charge": 22,
                     *                       "mode": "percentage",
                     *                       "percentage": 7,
                     *                       "total_amount": 83.27,
                     *                       "unit_amount": null
                     *                     },
                     *                     {
                     *                       "charge": 142,
                     *                       "mode": "per_person_per_night",
                     *                       "percentage": null,
                     *                       "total_amount": 6,
                     *                       "unit_amount": 3
                     *                     }
                     *                   ]
                     *                 },
                     *                 "total": 1260.52
                     *               },
                     *               "room": 1000426,
                     *               "third_party_inventory": false
                     *             }
                     *           ],
                     *           "url": "https://www.booking.com/hotel/nl/conscious-the-tire-station.html?affiliate_id=!AFFILIATE_ID!&checkin=!START_DATE!&checkout=!END_DATE!&group_adults=2&no_rooms=1"
                     *         },
                     *         "..."
                     *       ],
                     *       "next_page": "..."
                     *     }
                     */
                    "application/json": {
                        /** @description Uniquely identifies the request. Please provide this identifier when contacting support. */
                        request_id?: string;
                        data?: {
                            /** @description A signed integer number that uniquely identifies an accommodation property. The full list can be obtained by calling [accommodations/details](/demand/docs/open-api/demand-api/accommodations/accommodations/details). */
                            id?: number;
                            /**
                             * AccommodationsCommission
                             * @description Commission details for the partner for a given accommodation
                             */
                            commission?: {
                                /**
                                 * Format: double
                                 * @description The actual commission amount for the partner.
                                 */
                                amount?: number;
                                /**
                                 * Format: double
                                 * @description Percentage of the fee that will be received as commission.
                                 */
                                percentage?: number;
                            };
                            /**
                             * @description A three-letter code that uniquely identifies a monetary currency as defined by the ISO 4217 standard. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonpayments/common/payments/currencies" target="_blank">common/payments/currencies</a>.
                             * @example EUR
                             */
                            currency?: string;
                            /**
                             * Format: url
                             * @description A mobile app URL that directs the user to a specific page or content within the Booking.com app. The link can only be used on a device with the Booking.com app installed. It typically includes an Affiliate ID (AID) to attribute bookings to the affiliate partner when users are redirected
                             */
                            deep_link_url?: string;
                            /**
                             * AccommodationsSearchProductPrice
                             * @description The price components of this product or selection of products. 'base' and 'extra_charges' are returned only when explicitly requested (via 'extras=extra_charges').
                             */
                            price?: {
                                /**
                                 * Format: double
                                 * @description The base price. It does not include any extra charges.
                                 */
                                base?: number;
                                /**
                                 * Format: double
                                 * @description The display price that must be shown to the traveller under local booker protection laws. This price includes the base accommodation cost and all charges that are legally required to be part of the displayed price. Equivalent to base + included charges.
                                 */
                                book?: number;
                                /**
                                 * AccommodationsExtraCharges
                                 * @description The charge breakdown. Includes taxes and fees.
                                 */
                                extra_charges?: {
                                    /**
                                     * Format: double
                                     * @description Charges not included in 'book'.
                                     */
                                    excluded?: number;
                                    /**
                                     * Format: double
                                     * @description Charges included in 'book'.
                                     */
                                    included?: number;
                                };
                                /**
                                 * Format: double
                                 * @description The total price. Includes all extra charges.
                                 */
                                total?: number;
                            };
                            products?: {
                                /** @description Unique ID of the product. */
                                id?: string;
                                /** @description The bundle ID of the product comprising of value added products. */
                                bundle?: number;
                                /** @description The ages of the children allocated to this product. */
                                children?: number[];
                                /**
                                 * Deal
                                 * @description This specifies the deal tagging for the product.
                                 */
                                deal?: {
                                    /** @description Discount percentage of the applied deal. */
                                    discount_percentage?: number;
                                    /**
                                     * Format: double
                                     * @description Original price of this product, before applying any discounts.
                                     */
                                    public_price?: number;
                                    /** @description The tags of all the applied deals. */
                                    tags?: ("black_friday" | "limited_time_deal" | "logged_in_deal" | "mobile_rate" | "seasonal_deal")[];
                                } | null;
                                /** InventoryOutput */
                                inventory?: {
                                    /** @description Boolean value is "true" if the product is facilitated by a Booking.com partner company and "false" otherwise. */
                                    third_party?: boolean;
                                    /**
                                     * @description Type of inventory - either net or sell rates.
                                     * @enum {string}
                                     */
                                    type?: "net" | "sell";
                                };
                                /** @description Number of rooms available at this price. */
                                number_available_at_this_price?: number | null;
                                /** @description The number of adults allocated to this product. */
                                number_of_adults?: number;
                                /**
                                 * AccommodationsProductPolicies
                                 * @description The policies for this product.
                                 */
                                policies?: {
                                    /**
                                     * AccommodationsProductCancellationPolicy
                                     * @description The cancellation policy for this product.
                                     */
                                    cancellation?: {
                                        /**
                                         * Format: date-time
                                         * @description Until when the order for this product can be cancelled for free.
                                         */
                                        free_cancellation_until?: string | null;
                                        /**
                                         * @description The cancellation policy applicable to this product: "free_cancellation" allows a period for free cancellation, "non_refundable" means immediate loss of total amount, "special_conditions" means partly refundable.
                                         * @enum {string}
                                         */
                                        type?: "free_cancellation" | "non_refundable" | "special_conditions";
                                    };
                                    /**
                                     * AccommodationsProductMealPlanPolicy
                                     * @description The meal plan policy for this product.
                                     */
                                    meal_plan?: {
                                        /** @description The meals included in the meal plan. */
                                        meals?: ("breakfast" | "dinner" | "lunch")[];
                                        /**
                                         * @description The meal plan included in this product.
                                         * @enum {string}
                                         */
                                        plan?: "all_inclusive" | "breakfast_included" | "full_board" | "half_board" | "no_plan";
                                    };
                                    /**
                                     * AccommodationsProductPaymentPolicyNew
                                     * @description Payment terms and conditions for this product.
                                     */
                                    payment?: {
                                        /** @description Whether prepayment is required for this product. */
                                        prepayment_required?: boolean;
                                        /** @description The payment timings supported by this product. */
                                        timings?: ("pay_at_the_property" | "pay_online_later" | "pay_online_now")[];
                                    };
                                };
                                /**
                                 * AccommodationsProductPrice
                                 * @description The price components of this product. 'base' and 'extra_charges' are returned only when explicitly requested (via 'extras=extra_charges').
                                 */
                                price?: {
                                    /**
                                     * Format: double
                                     * @description The base price. It does not include any extra charges.
                                     */
                                    base?: number;
                                    /**
                                     * Format: double
                                     * @description The display price that must be shown to the traveller under local booker protection laws. This price includes the base accommodation cost and all charges that are legally required to be part of the displayed price. Equivalent to base + included charges.
                                     */
                                    book?: number;
                                    /**
                                     * AccommodationsProductExtraCharges
                                     * @description The charge breakdown. Includes taxes and fees.
                                     */
                                    extra_charges?: {
                                        /** @description Charges that might apply under a specific condition. */
                                        conditional?: {
                                            /** @description A signed integer number that uniquely identifies an accommodation charge type. Examples of charges are: VAT, City Tax, etc. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/accommodations/accommodations/constants" target="_blank">accommodations/constants</a>. */
                                            charge?: number;
                                            /** @description A signed integer number that uniquely identifies the condition ID. Find the full list in the <a href="/demand/docs/accommodations/prices-accommodations" target="_blank">Pricing guidelines</a>. */
                                            condition?: number | null;
                                            /**
                                             * @description The mode of this charge. Determines how the price is calculated.
                                             * @enum {string}
                                             */
                                            mode?: "calculated_amount" | "percentage" | "per_day" | "per_night" | "per_person_per_day" | "per_person_per_night" | "per_person_per_stay" | "per_stay";
                                            /** @description The percentage of 'base' that this charge amounts to. Only applicable when 'mode' is 'percentage'. */
                                            percentage?: number | null;
                                            /** @description The total price for this charge. */
                                            total_amount?: number;
                                            /** @description The price per unit for this charge. Only applicable when 'mode' is 'per_day', 'per_night', 'per_person_per_day', 'per_person_per_night', or 'per_person_per_stay'. */
                                            unit_amount?: number | null;
                                        }[];
                                        /** @description Charges not included in 'book'. */
                                        excluded?: {
                                            /** @description A signed integer number that uniquely identifies an accommodation charge type. Examples of charges are: VAT, City Tax, etc. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/accommodations/accommodations/constants" target="_blank">accommodations/constants</a>. */
                                            charge?: number;
                                            /**
                                             * @description The mode of this charge. Determines how the price is calculated.
                                             * @enum {string}
                                             */
                                            mode?: "calculated_amount" | "incalculable" | "percentage" | "per_day" | "per_night" | "per_person_per_day" | "per_person_per_night" | "per_person_per_stay" | "per_stay";
                                            /** @description The percentage of 'base' that this charge amounts to. Only applicable when 'mode' is 'percentage'. */
                                            percentage?: number | null;
                                            /** @description The total price for this charge. */
                                            total_amount?: number;
                                            /** @description The price per unit for this charge. Only applicable when 'mode' is 'per_day', 'per_night', 'per_person_per_day', 'per_person_per_night', or 'per_person_per_stay'. */
                                            unit_amount?: number | null;
                                        }[];
                                        /** @description Charges included in 'book'. */
                                        included?: {
                                            /** @description A signed integer number that uniquely identifies an accommodation charge type. Examples of charges are: VAT, City Tax, etc. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/accommodations/accommodations/constants" target="_blank">accommodations/constants</a>. */
                                            charge?: number;
                                            /**
                                             * @description The mode of this charge. Determines how the price is calculated.
                                             * @enum {string}
                                             */
                                            mode?: "calculated_amount" | "incalculable" | "percentage" | "per_day" | "per_night" | "per_person_per_day" | "per_person_per_night" | "per_person_per_stay" | "per_stay";
                                            /** @description The percentage of 'base' that this charge amounts to. Only applicable when 'mode' is 'percentage'. */
                                            percentage?: number | null;
                                            /** @description The total price for this charge. */
                                            total_amount?: number;
                                            /** @description The price per unit for this charge. Only applicable when 'mode' is 'per_day', 'per_night', 'per_person_per_day', 'per_person_per_night', or 'per_person_per_stay'. */
                                            unit_amount?: number | null;
                                        }[];
                                    };
                                    /**
                                     * Format: double
                                     * @description The total price. Includes all extra charges.
                                     */
                                    total?: number;
                                };
                                /** @description A signed integer number that uniquely identifies an accommodation property room. The full list can be obtained by calling [accommodations/details](/demand/docs/open-api/demand-api/accommodations/accommodations/details). */
                                room?: number;
                                /** @description Boolean value is "true" if the product is facilitated by a Booking.com partner company and "false" otherwise. */
                                third_party_inventory?: boolean;
                            }[];
                            /**
                             * Format: url
                             * @description Internet address for the property page on Booking.com.
                             */
                            url?: string;
                        }[];
                        /** @description Indicates that more results are available. Use this pagination token to retrieve the next page of results (via parameter `page`). */
                        next_page?: string | null;
                    };
                };
            };
        };
    };
    "/accommodations/availability": {
        parameters: {
            query?: never;
            header: {
                /** @description Include here your Affiliate identifier number */
                "X-Affiliate-Id": number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "accommodation": 10004,
                 *       "booker": {
                 *         "country": "nl",
                 *         "platform": "desktop"
                 *       },
                 *       "checkin": "!START_DATE!",
                 *       "checkout": "!END_DATE!",
                 *       "extras": [
                 *         "extra_charges"
                 *       ],
                 *       "guests": {
                 *         "number_of_adults": 2,
                 *         "number_of_rooms": 1
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description A signed integer number that uniquely identifies an accommodation property. The full list can be obtained by calling [accommodations/details](/demand/docs/open-api/demand-api/accommodations/accommodations/details). */
                    accommodation: number;
                    /**
                     * Booker
                     * @description The booker's information.
                     */
                    booker: {
                        /** @description The booker country for showing the best price for that user and obeying laws regarding the display of taxes and fees. */
                        country: string;
                        /**
                         * @description The booker platform for showing the platform based deals and prices.
                         * @enum {string}
                         */
                        platform: "android" | "desktop" | "ios" | "mobile" | "tablet";
                        /** @description The booker state for showing the best price for that user and obeying laws regarding the display of taxes and fees. Currently applicable only for country US. */
                        state?: string;
                        /**
                         * @description The travel purpose of the booker.
                         * @enum {string}
                         */
                        travel_purpose?: "business" | "leisure";
                        /** @description The user groups that the booker is a member of. */
                        user_groups?: "authenticated"[];
                    };
                    /**
                     * Format: date
                     * @description The checkin date. Must be within 500 days in the future and in the format yyyy-mm-dd.
                     */
                    checkin: string;
                    /**
                     * Format: date
                     * @description The checkout date. Must be later than {checkin}. Must be between 1 and 90 days after {checkin}. Must be within 500 days in the future and in the format yyyy-mm-dd.
                     */
                    checkout: string;
                    /**
                     * @description A three-letter code that uniquely identifies a monetary currency as defined by the ISO 4217 standard. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonpayments/common/payments/currencies" target="_blank">common/payments/currencies</a>.
                     * @example EUR
                     */
                    currency?: string;
                    /** @description Input parameter to request for additional information about this product.include_bundle_variants must be passed in order to retrieve all value added products. */
                    extras?: ("extra_charges" | "include_bundle_variants")[];
                    /**
                     * AccommodationsGuests
                     * @description The guest details for the request.
                     */
                    guests: {
                        /** @description The exact allocation of guests to rooms. */
                        allocation?: {
                            /** @description The children ages for this room. */
                            children?: number[];
                            /** @description The number of adults for this room. */
                            number_of_adults: number;
                        }[];
                        /** @description Array with the children ages. */
                        children?: number[];
                        /** @description The number of adults for the search. */
                        number_of_adults: number;
                        /** @description The number of rooms needed. */
                        number_of_rooms: number;
                    };
                    /** @description Payment input information to filter results. */
                    payment?: {
                        /**
                         * @description This parameter specifies that the results should only return accommodation and blocks that contain the specified payment timings.
                         * @enum {string}
                         */
                        timing?: "pay_at_the_property" | "pay_online";
                    };
                    products?: string[];
                };
            };
        };
        responses: {
            /** @description Successful response. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "01fr9ez700exycb98w90w5r9sh",
                     *       "data": {
                     *         "id": 10004,
                     *         "currency": "EUR",
                     *         "deep_link_url": "booking://hotel/10004?affiliate_id=!AFFILIATE_ID!&checkin=!START_DATE!&checkout=!END_DATE!",
                     *         "products": [
                     *           {
                     *             "id": "1000420_358188572_2_0_0",
                     *             "bundle": null,
                     *             "deal": null,
                     *             "inventory": {
                     *               "third_party": false,
                     *               "type": "sell"
                     *             },
                     *             "maximum_occupancy": {
                     *               "adults": 2,
                     *               "children": null,
                     *               "total": 2
                     *             },
                     *             "number_available_at_this_price": 3,
                     *             "policies": {
                     *               "cancellation": {
                     *                 "free_cancellation_until": "!START_DATE-2!T00:00:00+00:00",
                     *                 "type": "free_cancellation"
                     *               },
                     *               "meal_plan": {
                     *                 "meals": [],
                     *                 "plan": "no_plan"
                     *               },
                     *               "payment": {
                     *                 "prepayment_required": false,
                     *                 "timings": [
                     *                   "pay_at_the_property"
                     *                 ]
                     *               }
                     *             },
                     *             "price": {
                     *               "base": 1189.63,
                     *               "book": 1385.97,
                     *               "chargeable_online": 1385.97,
                     *               "extra_charges": {
                     *                 "conditional": [],
                     *                 "excluded": [],
                     *                 "included": [
                     *                   {
                     *                     "charge": 21,
                     *                     "chargeable_online": true,
                     *                     "mode": "percentage",
                     *                     "percentage": 9,
                     *                     "total_amount": 107.07,
                     *                     "unit_amount": null
                     *                   },
                     *                   {
                     *                     "charge": 22,
                     *                     "chargeable_online": false,
                     *                     "mode": "percentage",
                     *                     "percentage": 7,
                     *                     "total_amount": 83.27,
                     *                     "unit_amount": null
                     *                   },
                     *                   {
                     *                     "charge": 142,
                     *                     "chargeable_online": true,
                     *                     "mode": "per_person_per_night",
                     *                     "percentage": null,
                     *                     "total_amount": 6,
                     *                     "unit_amount": 3
                     *                   }
                     *                 ]
                     *               },
                     *               "total": 1385.97
                     *             },
                     *             "room": 1000420,
                     *             "third_party_inventory": false
                     *           },
                     *           "..."
                     *         ],
                     *         "recommendation": {
                     *           "price": {
                     *             "base": 1081.49,
                     *             "book": 1260.52,
                     *             "chargeable_online": 1260.52,
                     *             "extra_charges": {
                     *               "excluded": 0,
                     *               "included": 179.04
                     *             },
                     *             "total": 1260.52
                     *           },
                     *           "products": [
                     *             {
                     *               "id": "1000420_95127794_2_0_0",
                     *               "children": [],
                     *               "number_of_adults": 2,
                     *               "price": {
                     *                 "base": 1081.49,
                     *                 "book": 1260.52,
                     *                 "chargeable_online": 1260.52,
                     *                 "extra_charges": {
                     *                   "excluded": 0,
                     *                   "included": 179.04
                     *                 },
                     *                 "total": 1260.52
                     *               }
                     *             }
                     *           ]
                     *         },
                     *         "url": "https://www.booking.com/hotel/nl/toren.html?aid=!AFFILIATE_ID!&checkin=!START_DATE!&checkout=!END_DATE!&no_rooms=1&group_adults=2"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @description Uniquely identifies the request. Please provide this identifier when contacting support. */
                        request_id?: string;
                        /** AccommodationsAvailabilityDataOutput */
                        data?: {
                            /** @description A signed integer number that uniquely identifies an accommodation property. The full list can be obtained by calling [accommodations/details](/demand/docs/open-api/demand-api/accommodations/accommodations/details). */
                            id?: number;
                            /**
                             * @description A three-letter code that uniquely identifies a monetary currency as defined by the ISO 4217 standard. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonpayments/common/payments/currencies" target="_blank">common/payments/currencies</a>.
                             * @example EUR
                             */
                            currency?: string;
                            /**
                             * Format: url
                             * @description A mobile app URL that directs the user to a specific page or content within the Booking.com app. The link can only be used on a device with the Booking.com app installed. It typically includes an Affiliate ID (AID) to attribute bookings to the affiliate partner when users are redirected
                             */
                            deep_link_url?: string;
                            products?: {
                                /** @description Unique ID of the product. */
                                id?: string;
                                /** @description The bundle ID of the product comprising of value added products. */
                                bundle?: number;
                                /**
                                 * Deal
                                 * @description This specifies the deal tagging for the product.
                                 */
                                deal?: {
                                    /** @description Discount percentage of the applied deal. */
                                    discount_percentage?: number;
                                    /**
                                     * Format: double
                                     * @description Original price of this product, before applying any discounts.
                                     */
                                    public_price?: number;
                                    /** @description The tags of all the applied deals. */
                                    tags?: ("black_friday" | "limited_time_deal" | "logged_in_deal" | "mobile_rate" | "seasonal_deal")[];
                                } | null;
                                /** InventoryOutput */
                                inventory?: {
                                    /** @description Boolean value is "true" if the product is facilitated by a Booking.com partner company and "false" otherwise. */
                                    third_party?: boolean;
                                    /**
                                     * @description Type of inventory - either net or sell rates.
                                     * @enum {string}
                                     */
                                    type?: "net" | "sell";
                                };
                                /**
                                 * AccommodationsMaximumOccupancy
                                 * @description Information related to maximum number of occupancy inside the room.
                                 */
                                maximum_occupancy?: {
                                    /** @description The maximum number of adults for this room. */
                                    adults?: number;
                                    /** @description The information about maximum number of children and their allowed ages for this room. */
                                    children?: {
                                        /** @description The maximum number of children for this room. */
                                        total?: number;
                                        /** @description The youngest age of the children allowed in this room. */
                                        from_age?: number;
                                        /** @description The oldest age of the children allowed in this room. */
                                        to_age?: number;
                                        /** @description Whether children in this age bracket will be staying for free. False indicates their cost was already included in the price. */
                                        free_stay?: boolean;
                                    }[];
                                    /** @description The maximum number of guests for this room. */
                                    total?: number;
                                };
                                /** @description Number of rooms available at this price. */
                                number_available_at_this_price?: number;
                                /**
                                 * AccommodationsProductPolicies
                                 * @description The policies for this product.
                                 */
                                policies?: {
                                    /**
                                     * AccommodationsProductCancellationPolicy
                                     * @description The cancellation policy for this product.
                                     */
                                    cancellation?: {
                                        /**
                                         * Format: date-time
                                         * @description Until when the order for this product can be cancelled for free.
                                         */
                                        free_cancellation_until?: string | null;
                                        /** @description The cancellation policy schedule for this product. */
                                        schedule?: {
                                            /** @description The time from which this cancellation fee applies. `now` means from booking time. */
                                            from?: (string | null) & (unknown | unknown);
                                            /**
                                             * Format: double
                                             * @description The cancellation fee.
                                             */
                                            price?: number;
                                        }[];
                                        /**
                                         * @description The cancellation policy applicable to this product: "free_cancellation" allows a period for free cancellation, "non_refundable" means immediate loss of total amount, "special_conditions" means partly refundable.
                                         * @enum {string}
                                         */
                                        type?: "free_cancellation" | "non_refundable" | "special_conditions";
                                    };
                                    /**
                                     * AccommodationsProductMealPlanPolicy
                                     * @description The meal plan policy for this product.
                                     */
                                    meal_plan?: {
                                        /** @description The meals included in the meal plan. */
                                        meals?: ("breakfast" | "dinner" | "lunch")[];
                                        /**
                                         * @description The meal plan included in this product.
                                         * @enum {string}
                                         */
                                        plan?: "all_inclusive" | "breakfast_included" | "full_board" | "half_board" | "no_plan";
                                    };
                                    /**
                                     * AccommodationsProductPaymentPolicyNew
                                     * @description Payment terms and conditions for this product.
                                     */
                                    payment?: {
                                        /** @description Whether prepayment is required for this product. */
                                        prepayment_required?: boolean;
                                        /** @description The payment timings supported by this product. */
                                        timings?: ("pay_at_the_property" | "pay_online_later" | "pay_online_now")[];
                                    };
                                };
                                /**
                                 * AccommodationsAvailabilityProductPrice
                                 * @description The price components of this product. 'base' and 'extra_charges' are returned only when explicitly requested (via 'extras=extra_charges').
                                 */
                                price?: {
                                    /**
                                     * Format: double
                                     * @description The base price. It does not include any extra charges.
                                     */
                                    base?: number;
                                    /**
                                     * Format: double
                                     * @description The display price that must be shown to the traveller under local booker protection laws. This price includes the base accommodation cost and all charges that are legally required to be part of the displayed price. Equivalent to base + included charges.
                                     */
                                    book?: number;
                                    /**
                                     * Format: double
                                     * @description The price that will be charged by Booking.com when online payments are used. This field does not apply to the "pay_at_the_property" timing.
                                     */
                                    chargeable_online?: number | null;
                                    /**
                                     * AccommodationsProductExtraCharges
                                     * @description The charge breakdown. Includes taxes and fees.
                                     */
                                    extra_charges?: {
                                        /** @description Charges that might apply under a specific condition. */
                                        conditional?: {
                                            /** @description A signed integer number that uniquely identifies an accommodation charge type. Examples of charges are: VAT, City Tax, etc. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/accommodations/accommodations/constants" target="_blank">accommodations/constants</a>. */
                                            charge?: number;
                                            /** @description A signed integer number that uniquely identifies the condition ID. Find the full list in the <a href="/demand/docs/accommodations/prices-accommodations" target="_blank">Pricing guidelines</a>. */
                                            condition?: number | null;
                                            /**
                                             * @description The mode of this charge. Determines how the price is calculated.
                                             * @enum {string}
                                             */
                                            mode?: "calculated_amount" | "percentage" | "per_day" | "per_night" | "per_person_per_day" | "per_person_per_night" | "per_person_per_stay" | "per_stay";
                                            /** @description The percentage of 'base' that this charge amounts to. Only applicable when 'mode' is 'percentage'. */
                                            percentage?: number | null;
                                            /** @description The total price for this charge. */
                                            total_amount?: number;
                                            /** @description The price per unit for this charge. Only applicable when 'mode' is 'per_day', 'per_night', 'per_person_per_day', 'per_person_per_night', or 'per_person_per_stay'. */
                                            unit_amount?: number | null;
                                        }[];
                                        /** @description Charges not included in 'book'. */
                                        excluded?: {
                                            /** @description A signed integer number that uniquely identifies an accommodation charge type. Examples of charges are: VAT, City Tax, etc. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/accommodations/accommodations/constants" target="_blank">accommodations/constants</a>. */
                                            charge?: number;
                                            /** @description Whether this charge is chargeable online or not. Not applicable to "pay_at_the_property" timing. */
                                            chargeable_online?: boolean | null;
                                            /**
                                             * @description The mode of this charge. Determines how the price is calculated.
                                             * @enum {string}
                                             */
                                            mode?: "calculated_amount" | "incalculable" | "percentage" | "per_day" | "per_night" | "per_person_per_day" | "per_person_per_night" | "per_person_per_stay" | "per_stay";
                                            /** @description The percentage of 'base' that this charge amounts to. Only applicable when 'mode' is 'percentage'. */
                                            percentage?: number | null;
                                            /** @description The total price for this charge. */
                                            total_amount?: number;
                                            /** @description The price per unit for this charge. Only applicable when 'mode' is 'per_day', 'per_night', 'per_person_per_day', 'per_person_per_night', or 'per_person_per_stay'. */
                                            unit_amount?: number | null;
                                        }[];
                                        /** @description Charges included in 'book'. */
                                        included?: {
                                            /** @description A signed integer number that uniquely identifies an accommodation charge type. Examples of charges are: VAT, City Tax, etc. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/accommodations/accommodations/constants" target="_blank">accommodations/constants</a>. */
                                            charge?: number;
                                            /** @description Whether this charge is chargeable online or not. Not applicable to "pay_at_the_property" timing. */
                                            chargeable_online?: boolean | null;
                                            /**
                                             * @description The mode of this charge. Determines how the price is calculated.
                                             * @enum {string}
                                             */
                                            mode?: "calculated_amount" | "incalculable" | "percentage" | "per_day" | "per_night" | "per_person_per_day" | "per_person_per_night" | "per_person_per_stay" | "per_stay";
                                            /** @description The percentage of 'base' that this charge amounts to. Only applicable when 'mode' is 'percentage'. */
                                            percentage?: number | null;
                                            /** @description The total price for this charge. */
                                            total_amount?: number;
                                            /** @description The price per unit for this charge. Only applicable when 'mode' is 'per_day', 'per_night', 'per_person_per_day', 'per_person_per_night', or 'per_person_per_stay'. */
                                            unit_amount?: number | null;
                                        }[];
                                    };
                                    /**
                                     * Format: double
                                     * @description The total price. Includes all extra charges.
                                     */
                                    total?: number;
                                };
                                /** @description A signed integer number that uniquely identifies an accommodation property room. The full list can be obtained by calling [accommodations/details](/demand/docs/open-api/demand-api/accommodations/accommodations/details). */
                                room?: number;
                                /** @description Boolean value is "true" if the product is facilitated by a Booking.com partner company and "false" otherwise. */
                                third_party_inventory?: boolean;
                            }[];
                            /**
                             * AccommodationsAvailabilityRecommendationOutput
                             * @description The products recommended for the provided search criteria.
                             */
                            recommendation?: {
                                /**
                                 * AccommodationsRecommendationPrice
                                 * @description The price components of this product or selection of products. 'base' and 'extra_charges' are returned only when explicitly requested (via 'extras=extra_charges').
                                 */
                                price?: {
                                    /** @description The base price. It does not include any extra charges. */
                                    base?: number;
                                    /** @description The display price that must be shown to the traveller in accordance with local booker protection laws. This price includes the base accommodation cost and all charges that are legally required to be part of the displayed amount. Equivalent to base + charges where included_in.display=true. */
                                    book?: number;
                                    /** @description The amount collected by Booking.com from the Virtual Credit Cards (VCCs) when using online payment methods (e.g., pay_online_now, pay_online_later). Equivalent to `base + charges` where `included_in.chargeable_online=true`. Returns `null` for agency-model properties where Booking.com does not process payments. */
                                    chargeable_online?: number | null;
                                    /**
                                     * AccommodationsExtraCharges
                                     * @description The charge breakdown. Includes taxes and fees.
                                     */
                                    extra_charges?: {
                                        /**
                                         * Format: double
                                         * @description Charges not included in 'book'.
                                         */
                                        excluded?: number;
                                        /**
                                         * Format: double
                                         * @description Charges included in 'book'.
                                         */
                                        included?: number;
                                    };
                                    /** @description The total price. Includes all extra charges. */
                                    total?: number;
                                };
                                products?: {
                                    /** @description Unique ID of the product. */
                                    id?: string;
                                    /** @description The ages of the children allocated to this product. */
                                    children?: number[];
                                    /** @description The number of adults allocated to this product. */
                                    number_of_adults?: number;
                                    /**
                                     * AccommodationsRecommendationPrice
                                     * @description The price components of this product or selection of products. 'base' and 'extra_charges' are returned only when explicitly requested (via 'extras=extra_charges').
                                     */
                                    price?: {
                                        /** @description The base price. It does not include any extra charges. */
                                        base?: number;
                                        /** @description The display price that must be shown to the traveller in accordance with local booker protection laws. This price includes the base accommodation cost and all charges that are legally required to be part of the displayed amount. Equivalent to base + charges where included_in.display=true. */
                                        book?: number;
                                        /** @description The amount collected by Booking.com from the Virtual Credit Cards (VCCs) when using online payment methods (e.g., pay_online_now, pay_online_later). Equivalent to `base + charges` where `included_in.chargeable_online=true`. Returns `null` for agency-model properties where Booking.com does not process payments. */
                                        chargeable_online?: number | null;
                                        /**
                                         * AccommodationsExtraCharges
                                         * @description The charge breakdown. Includes taxes and fees.
                                         */
                                        extra_charges?: {
                                            /**
                                             * Format: double
                                             * @description Charges not included in 'book'.
                                             */
                                            excluded?: number;
                                            /**
                                             * Format: double
                                             * @description Charges included in 'book'.
                                             */
                                            included?: number;
                                        };
                                        /** @description The total price. Includes all extra charges. */
                                        total?: number;
                                    };
                                }[];
                            };
                            /**
                             * Format: url
                             * @description Internet address for the property page on Booking.com.
                             */
                            url?: string;
                        };
                    };
                };
            };
        };
    };
    "/accommodations/bulk-availability": {
        parameters: {
            query?: never;
            header: {
                /** @description Include here your Affiliate identifier number */
                "X-Affiliate-Id": number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "accommodations": [
                 *         10004
                 *       ],
                 *       "booker": {
                 *         "country": "nl",
                 *         "platform": "desktop"
                 *       },
                 *       "checkin": "!START_DATE!",
                 *       "checkout": "!END_DATE!",
                 *       "extras": [
                 *         "extra_charges"
                 *       ],
                 *       "filters": {
                 *         "meal_plan": "breakfast_included",
                 *         "cancellation_type": "free_cancellation"
                 *       },
                 *       "guests": {
                 *         "number_of_adults": 2,
                 *         "number_of_rooms": 1
                 *       }
                 *     }
                 */
                "application/json": {
                    accommodations: number[];
                    /**
                     * Booker
                     * @description The booker's information.
                     */
                    booker: {
                        /** @description The booker country for showing the best price for that user and obeying laws regarding the display of taxes and fees. */
                        country: string;
                        /**
                         * @description The booker platform for showing the platform based deals and prices.
                         * @enum {string}
                         */
                        platform: "android" | "desktop" | "ios" | "mobile" | "tablet";
                        /** @description The booker state for showing the best price for that user and obeying laws regarding the display of taxes and fees. Currently applicable only for country US. */
                        state?: string;
                        /**
                         * @description The travel purpose of the booker.
                         * @enum {string}
                         */
                        travel_purpose?: "business" | "leisure";
                        /** @description The user groups that the booker is a member of. */
                        user_groups?: "authenticated"[];
                    };
                    /**
                     * Format: date
                     * @description The checkin date. Must be within 500 days in the future and in the format yyyy-mm-dd.
                     */
                    checkin: string;
                    /**
                     * Format: date
                     * @description The checkout date. Must be later than {checkin}. Must be between 1 and 90 days after {checkin}. Must be within 500 days in the future and in the format yyyy-mm-dd.
                     */
                    checkout: string;
                    /**
                     * @description A three-letter code that uniquely identifies a monetary currency as defined by the ISO 4217 standard. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonpayments/common/payments/currencies" target="_blank">common/payments/currencies</a>.
                     * @example EUR
                     */
                    currency?: string;
                    /** @description Input parameter to request for additional information about this product.include_bundle_variants must be passed in order to retrieve all value added products. */
                    extras?: ("extra_charges" | "include_bundle_variants")[];
                    /**
                     * AccommodationsBulkAvailabilityFiltersInput
                     * @description The filters to apply in this availability request.
                     */
                    filters?: {
                        /**
                         * @description Filters the result for the cancellation type specified. Possible values are free_cancellation. The result will contain all the products with free_cancellation.
                         * @enum {string}
                         */
                        cancellation_type?: "free_cancellation";
                        /**
                         * @description Filter the result based on the selected meal plan. Example: When specified breakfast_included, it will show the product with free breakfast.
                         * @enum {string}
                         */
                        meal_plan?: "all_inclusive" | "breakfast_included" | "full_board" | "half_board";
                        /** @description Payment input information to filter results. */
                        payment?: {
                            /**
                             * @description This parameter specifies that the results should only return accommodation and blocks that contain the specified payment timings.
                             * @enum {string}
                             */
                            timing?: "pay_at_the_property" | "pay_online";
                        };
                        /** @description Whether to include third party inventory in the response */
                        third_party_inventory?: boolean;
                    };
                    /**
                     * AccommodationsGuests
                     * @description The guest details for the request.
                     */
                    guests: {
                        /** @description The exact allocation of guests to rooms. */
                        allocation?: {
                            /** @description The children ages for this room. */
                            children?: number[];
                            /** @description The number of adults for this room. */
                            number_of_adults: number;
                        }[];
                        /** @description Array with the children ages. */
                        children?: number[];
                        /** @description The number of adults for the search. */
                        number_of_adults: number;
                        /** @description The number of rooms needed. */
                        number_of_rooms: number;
                    };
                };
            };
        };
        responses: {
            /** @description Successful response. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "01fr9ez700exycb98w90w5r9sh",
                     *       "data": [
                     *         {
                     *           "id": 10004,
                     *           "currency": "EUR",
                     *           "deep_link_url": "booking://hotel/10004?affiliate_id=!AFFILIATE_ID!&checkin=!START_DATE!&checkout=!END_DATE!",
                     *           "products": [
                     *             {
                     *               "id": "1000420_358188572_2_0_0",
                     *               "bundle": null,
                     *               "deal": null,
                     *               "maximum_occupancy": {
                     *                 "adults": 2,
                     *                 "children": null,
                     *                 "total": 2
                     *               },
                     *               "number_available": 3,
                     *               "policies": {
                     *                 "cancellation": {
                     *                   "free_cancellation_until": "!START_DATE-2!T00:00:00+00:00",
                     *                   "type": "free_cancellation",
                     *                   "schedule": [
                     *                     {
                     *                       "from": "now",
                     *                       "price": 0
                     *                     },
                     *                     {
                     *                       "from": "!START_DATE-2!T00:00:00+00:00",
                     *                       "price": 1189.63
                     *                     }
                     *                   ]
                     *                 },
                     *                 "meal_plan": {
                     *                   "meals": [],
                     *                   "plan": "no_plan"
                     *                 },
                     *                 "payment": {
                     *                   "timings": [
                     *                     "pay_at_the_property"
                     *                   ]
                     *                 }
                     *               },
                     *               "price": {
                     *                 "base": 1189.63,
                     *                 "book": 1385.97,
                     *                 "chargeable_online": 1385.97,
                     *                 "extra_charges": {
                     *                   "conditional": [],
                     *                   "excluded": [],
                     *                   "included": [
                     *                     {
                     *                       "charge": 21,
                     *                       "chargeable_online": true,
                     *                       "mode": "percentage",
                     *                       "percentage": 9,
                     *                       "total_amount": 107.07,
                     *                       "unit_amount": null
                     *                     },
                     *                     {
                     *                       "charge": 22,
                     *                       "chargeable_online": false,
                     *                       "mode": "percentage",
                     *                       "percentage": 7,
                     *                       "total_amount": 83.27,
                     *                       "unit_amount": null
                     *                     },
                     *                     {
                     *                       "charge": 142,
                     *                       "chargeable_online": true,
                     *                       "mode": "per_person_per_night",
                     *                       "percentage": null,
                     *                       "total_amount": 6,
                     *                       "unit_amount": 3
                     *                     }
                     *                   ]
                     *                 },
                     *                 "total": 1385.97
                     *               },
                     *               "room": 1000420,
                     *               "third_party_inventory": true
                     *             },
                     *             "..."
                     *           ],
                     *           "recommendation": {
                     *             "price": {
                     *               "base": 1081.49,
                     *               "book": 1260.52,
                     *               "chargeable_online": 1260.52,
                     *               "extra_charges": {
                     *                 "excluded": 0,
                     *                 "included": 179.04
                     *               },
                     *               "total": 1260.52
                     *             },
                     *             "products": [
                     *               {
                     *                 "id": "1000420_95127794_2_0_0",
                     *                 "children": [],
                     *                 "number_of_adults": 2,
                     *                 "price": {
                     *                   "base": 1081.49,
                     *                   "book": 1260.52,
                     *                   "chargeable_online": 1260.52,
                     *                   "extra_charges": {
                     *                     "excluded": 0,
                     *                     "included": 179.04
                     *                   },
                     *                   "total": 1260.52
                     *                 }
                     *               }
                     *             ]
                     *           },
                     *           "url": "https://www.booking.com/hotel/nl/toren.html?aid=!AFFILIATE_ID!&checkin=!START_DATE!&checkout=!END_DATE!&no_rooms=1&group_adults=2"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description Uniquely identifies the request. Please provide this identifier when contacting support. */
                        request_id?: string;
                        data?: {
                            /** @description A signed integer number that uniquely identifies an accommodation property. The full list can be obtained by calling [accommodations/details](/demand/docs/open-api/demand-api/accommodations/accommodations/details). */
                            id?: number;
                            /**
                             * @description A three-letter code that uniquely identifies a monetary currency as defined by the ISO 4217 standard. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonpayments/common/payments/currencies" target="_blank">common/payments/currencies</a>.
                             * @example EUR
                             */
                            currency?: string;
                            /**
                             * Format: url
                             * @description A mobile app URL that directs the user to a specific page or content within the Booking.com app. The link can only be used on a device with the Booking.com app installed. It typically includes an Affiliate ID (AID) to attribute bookings to the affiliate partner when users are redirected
                             */
                            deep_link_url?: string;
                            products?: {
                                /** @description Unique ID of the product. */
                                id?: string;
                                /** @description The bundle ID of the product comprising of value added products. */
                                bundle?: number;
                                /**
                                 * Deal
                                 * @description This specifies the deal tagging for the product.
                                 */
                                deal?: {
                                    /** @description Discount percentage of the applied deal. */
                                    discount_percentage?: number;
                                    /**
                                     * Format: double
                                     * @description Original price of this product, before applying any discounts.
                                     */
                                    public_price?: number;
                                    /** @description The tags of all the applied deals. */
                                    tags?: ("black_friday" | "limited_time_deal" | "logged_in_deal" | "mobile_rate" | "seasonal_deal")[];
                                } | null;
                                /**
                                 * AccommodationsMaximumOccupancy
                                 * @description Information related to maximum number of occupancy inside the room.
                                 */
                                maximum_occupancy?: {
                                    /** @description The maximum number of adults for this room. */
                                    adults?: number;
                                    /** @description The information about maximum number of children and their allowed ages for this room. */
                                    children?: {
                                        /** @description The maximum number of children for this room. */
                                        total?: number;
                                        /** @description The youngest age of the children allowed in this room. */
                                        from_age?: number;
                                        /** @description The oldest age of the children allowed in this room. */
                                        to_age?: number;
                                        /** @description Whether children in this age bracket will be staying for free. False indicates their cost was already included in the price. */
                                        free_stay?: boolean;
                                    }[];
                                    /** @description The maximum number of guests for this room. */
                                    total?: number;
                                };
                                /** @description How many units of this product are still available. */
                                number_available?: number;
                                /**
                                 * AccommodationsProductPolicies
                                 * @description The policies for this product.
                                 */
                                policies?: {
                                    /**
                                     * AccommodationsProductCancellationPolicy
                                     * @description The cancellation policy for this product.
                                     */
                                    cancellation?: {
                                        /**
                                         * Format: date-time
                                         * @description Until when the order for this product can be cancelled for free.
                                         */
                                        free_cancellation_until?: string | null;
                                        /** @description The cancellation policy schedule for this product. */
                                        schedule?: {
                                            /** @description The time from which this cancellation fee applies. `now` means from booking time. */
                                            from?: (string | null) & (unknown | unknown);
                                            /**
                                             * Format: double
                                             * @description The cancellation fee.
                                             */
                                            price?: number;
                                        }[];
                                        /**
                                         * @description The cancellation policy applicable to this product: "free_cancellation" allows a period for free cancellation, "non_refundable" means immediate loss of total amount, "special_conditions" means partly refundable.
                                         * @enum {string}
                                         */
                                        type?: "free_cancellation" | "non_refundable" | "special_conditions";
                                    };
                                    /**
                                     * AccommodationsProductMealPlanPolicy
                                     * @description The meal plan policy for this product.
                                     */
                                    meal_plan?: {
                                        /** @description The meals included in the meal plan. */
                                        meals?: ("breakfast" | "dinner" | "lunch")[];
                                        /**
                                         * @description The meal plan included in this product.
                                         * @enum {string}
                                         */
                                        plan?: "all_inclusive" | "breakfast_included" | "full_board" | "half_board" | "no_plan";
                                    };
                                    /**
                                     * AccommodationsProductPaymentPolicyNew
                                     * @description Payment terms and conditions for this product.
                                     */
                                    payment?: {
                                        /** @description Whether prepayment is required for this product. */
                                        prepayment_required?: boolean;
                                        /** @description The payment timings supported by this product. */
                                        timings?: ("pay_at_the_property" | "pay_online_later" | "pay_online_now")[];
                                    };
                                };
                                /**
                                 * AccommodationsAvailabilityProductPrice
                                 * @description The price components of this product. 'base' and 'extra_charges' are returned only when explicitly requested (via 'extras=extra_charges').
                                 */
                                price?: {
                                    /**
                                     * Format: double
                                     * @description The base price. It does not include any extra charges.
                                     */
                                    base?: number;
                                    /**
                                     * Format: double
                                     * @description The display price that must be shown to the traveller under local booker protection laws. This price includes the base accommodation cost and all charges that are legally required to be part of the displayed price. Equivalent to base + included charges.
                                     */
                                    book?: number;
                                    /**
                                     * Format: double
                                     * @description The price that will be charged by Booking.com when online payments are used. This field does not apply to the "pay_at_the_property" timing.
                                     */
                                    chargeable_online?: number | null;
                                    /**
                                     * AccommodationsProductExtraCharges
                                     * @description The charge breakdown. Includes taxes and fees.
                                     */
                                    extra_charges?: {
                                        /** @description Charges that might apply under a specific condition. */
                                        conditional?: {
                                            /** @description A signed integer number that uniquely identifies an accommodation charge type. Examples of charges are: VAT, City Tax, etc. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/accommodations/accommodations/constants" target="_blank">accommodations/constants</a>. */
                                            charge?: number;
                                            /** @description A signed integer number that uniquely identifies the condition ID. Find the full list in the <a href="/demand/docs/accommodations/prices-accommodations" target="_blank">Pricing guidelines</a>. */
                                            condition?: number | null;
                                            /**
                                             * @description The mode of this charge. Determines how the price is calculated.
                                             * @enum {string}
                                             */
                                            mode?: "calculated_amount" | "percentage" | "per_day" | "per_night" | "per_person_per_day" | "per_person_per_night" | "per_person_per_stay" | "per_stay";
                                            /** @description The percentage of 'base' that this charge amounts to. Only applicable when 'mode' is 'percentage'. */
                                            percentage?: number | null;
                                            /** @description The total price for this charge. */
                                            total_amount?: number;
                                            /** @description The price per unit for this charge. Only applicable when 'mode' is 'per_day', 'per_night', 'per_person_per_day', 'per_person_per_night', or 'per_person_per_stay'. */
                                            unit_amount?: number | null;
                                        }[];
                                        /** @description Charges not included in 'book'. */
                                        excluded?: {
                                            /** @description A signed integer number that uniquely identifies an accommodation charge type. Examples of charges are: VAT, City Tax, etc. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/accommodations/accommodations/constants" target="_blank">accommodations/constants</a>. */
                                            charge?: number;
                                            /** @description Whether this charge is chargeable online or not. Not applicable to "pay_at_the_property" timing. */
                                            chargeable_online?: boolean | null;
                                            /**
                                             * @description The mode of this charge. Determines how the price is calculated.
                                             * @enum {string}
                                             */
                                            mode?: "calculated_amount" | "incalculable" | "percentage" | "per_day" | "per_night" | "per_person_per_day" | "per_person_per_night" | "per_person_per_stay" | "per_stay";
                                            /** @description The percentage of 'base' that this charge amounts to. Only applicable when 'mode' is 'percentage'. */
                                            percentage?: number | null;
                                            /** @description The total price for this charge. */
                                            total_amount?: number;
                                            /** @description The price per unit for this charge. Only applicable when 'mode' is 'per_day', 'per_night', 'per_person_per_day', 'per_person_per_night', or 'per_person_per_stay'. */
                                            unit_amount?: number | null;
                                        }[];
                                        /** @description Charges included in 'book'. */
                                        included?: {
                                            /** @description A signed integer number that uniquely identifies an accommodation charge type. Examples of charges are: VAT, City Tax, etc. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/accommodations/accommodations/constants" target="_blank">accommodations/constants</a>. */
                                            charge?: number;
                                            /** @description Whether this charge is chargeable online or not. Not applicable to "pay_at_the_property" timing. */
                                            chargeable_online?: boolean | null;
                                            /**
                                             * @description The mode of this charge. Determines how the price is calculated.
                                             * @enum {string}
                                             */
                                            mode?: "calculated_amount" | "incalculable" | "percentage" | "per_day" | "per_night" | "per_person_per_day" | "per_person_per_night" | "per_person_per_stay" | "per_stay";
                                            /** @description The percentage of 'base' that this charge amounts to. Only applicable when 'mode' is 'percentage'. */
                                            percentage?: number | null;
                                            /** @description The total price for this charge. */
                                            total_amount?: number;
                                            /** @description The price per unit for this charge. Only applicable when 'mode' is 'per_day', 'per_night', 'per_person_per_day', 'per_person_per_night', or 'per_person_per_stay'. */
                                            unit_amount?: number | null;
                                        }[];
                                    };
                                    /**
                                     * Format: double
                                     * @description The total price. Includes all extra charges.
                                     */
                                    total?: number;
                                };
                                /** @description A signed integer number that uniquely identifies an accommodation property room. The full list can be obtained by calling [accommodations/details](/demand/docs/open-api/demand-api/accommodations/accommodations/details). */
                                room?: number;
                                /** @description Boolean value is "true" if the product is facilitated by a Booking.com partner company and "false" otherwise. */
                                third_party_inventory?: boolean;
                            }[];
                            /**
                             * AccommodationsBulkAvailabilityRecommendationOutput
                             * @description The products recommended for the provided search criteria.
                             */
                            recommendation?: {
                                /**
                                 * AccommodationsRecommendationPrice
                                 * @description The price components of this product or selection of products. 'base' and 'extra_charges' are returned only when explicitly requested (via 'extras=extra_charges').
                                 */
                                price?: {
                                    /** @description The base price. It does not include any extra charges. */
                                    base?: number;
                                    /** @description The display price that must be shown to the traveller in accordance with local booker protection laws. This price includes the base accommodation cost and all charges that are legally required to be part of the displayed amount. Equivalent to base + charges where included_in.display=true. */
                                    book?: number;
                                    /** @description The amount collected by Booking.com from the Virtual Credit Cards (VCCs) when using online payment methods (e.g., pay_online_now, pay_online_later). Equivalent to `base + charges` where `included_in.chargeable_online=true`. Returns `null` for agency-model properties where Booking.com does not process payments. */
                                    chargeable_online?: number | null;
                                    /**
                                     * AccommodationsExtraCharges
                                     * @description The charge breakdown. Includes taxes and fees.
                                     */
                                    extra_charges?: {
                                        /**
                                         * Format: double
                                         * @description Charges not included in 'book'.
                                         */
                                        excluded?: number;
                                        /**
                                         * Format: double
                                         * @description Charges included in 'book'.
                                         */
                                        included?: number;
                                    };
                                    /** @description The total price. Includes all extra charges. */
                                    total?: number;
                                };
                                products?: {
                                    /** @description Unique ID of the product. */
                                    id?: string;
                                    /** @description The ages of the children allocated to this product. */
                                    children?: number[];
                                    /** @description The number of adults allocated to this product. */
                                    number_of_adults?: number;
                                    /**
                                     * AccommodationsRecommendationPrice
                                     * @description The price components of this product or selection of products. 'base' and 'extra_charges' are returned only when explicitly requested (via 'extras=extra_charges').
                                     */
                                    price?: {
                                        /** @description The base price. It does not include any extra charges. */
                                        base?: number;
                                        /** @description The display price that must be shown to the traveller in accordance with local booker protection laws. This price includes the base accommodation cost and all charges that are legally required to be part of the displayed amount. Equivalent to base + charges where included_in.display=true. */
                                        book?: number;
                                        /** @description The amount collected by Booking.com from the Virtual Credit Cards (VCCs) when using online payment methods (e.g., pay_online_now, pay_online_later). Equivalent to `base + charges` where `included_in.chargeable_online=true`. Returns `null` for agency-model properties where Booking.com does not process payments. */
                                        chargeable_online?: number | null;
                                        /**
                                         * AccommodationsExtraCharges
                                         * @description The charge breakdown. Includes taxes and fees.
                                         */
                                        extra_charges?: {
                                            /**
                                             * Format: double
                                             * @description Charges not included in 'book'.
                                             */
                                            excluded?: number;
                                            /**
                                             * Format: double
                                             * @description Charges included in 'book'.
                                             */
                                            included?: number;
                                        };
                                        /** @description The total price. Includes all extra charges. */
                                        total?: number;
                                    };
                                }[];
                            };
                            /**
                             * Format: url
                             * @description Internet address for the property page on Booking.com.
                             */
                            url?: string;
                        }[];
                    };
                };
            };
        };
    };
    "/accommodations/chains": {
        parameters: {
            query?: never;
            header: {
                /** @description Include here your Affiliate identifier number */
                "X-Affiliate-Id": number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "01fr9ez700exycb98w90w5r9sh",
                     *       "data": [
                     *         {
                     *           "id": 3,
                     *           "brands": [
                     *             {
                     *               "id": 1018,
                     *               "name": "Campanile"
                     *             },
                     *             "..."
                     *           ],
                     *           "name": "Louvre Hotels Group"
                     *         },
                     *         "..."
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description Uniquely identifies the request. Please provide this identifier when contacting support. */
                        request_id?: string;
                        data?: {
                            /** @description A signed integer number that uniquely identifies an accommodation chain. Examples of chains are: Radisson Hotel Group, Hilton Worldwide etc. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/accommodations/accommodations/chains" target="_blank">/accommodations/chains</a>. */
                            id?: number;
                            /** @description List of all the brands associated with this accommodation chain. */
                            brands?: {
                                /** @description A signed integer number that uniquely identifies an accommodation brand. Examples of brands are: Radisson Blu, WestCord Hotels, Westin etc. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/accommodations/accommodations/chains" target="_blank">/accommodations/chains</a>. */
                                id?: number;
                                /** @description Name of the accommodation brand. */
                                name?: string;
                            }[];
                            /** @description Name of the accommodation chain. */
                            name?: string;
                        }[];
                    };
                };
            };
        };
    };
    "/accommodations/constants": {
        parameters: {
            query?: never;
            header: {
                /** @description Include here your Affiliate identifier number */
                "X-Affiliate-Id": number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "languages": [
                 *         "en-gb",
                 *         "zh-cn"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description Allows to filter the results only for specific sections. */
                    constants?: ("accommodation_facilities" | "accommodation_themes" | "accommodation_types" | "bed_types" | "charge_types" | "facility_types" | "review_scores" | "room_facilities" | "room_types")[];
                    /**
                     * @default [
                     *       "en-gb"
                     *     ]
                     */
                    languages?: string[];
                };
            };
        };
        responses: {
            /** @description Successful response. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "01fr9ez700exycb98w90w5r9sh",
                     *       "data": {
                     *         "accommodation_facilities": [
                     *           {
                     *             "id": 2,
                     *             "facility_type": 16,
                     *             "name": {
                     *               "en-gb": "Parking",
                     *               "zh-cn": "停车场"
                     *             }
                     *           },
                     *           "..."
                     *         ],
                     *         "accommodation_themes": [
                     *           {
                     *             "id": 1,
                     *             "name": {
                     *               "en-gb": "Apartments",
                     *               "zh-cn": "公寓"
                     *             }
                     *           },
                     *           "..."
                     *         ],
                     *         "accommodation_types": [
                     *           {
                     *             "id": 201,
                     *             "name": {
                     *               "en-gb": "Apartment",
                     *               "zh-cn": "公寓"
                     *             }
                     *           },
                     *           "..."
                     *         ],
                     *         "bed_types": [
                     *           {
                     *             "id": 1,
                     *             "description": {
                     *               "en-gb": "90-130 cm wide",
                     *               "zh-cn": "宽 90-130 厘米"
                     *             },
                     *             "description_imperial": {
                     *               "en-gb": "35-51 inches wide",
                     *               "zh-cn": "宽 35-51 英寸"
                     *             },
                     *             "name": {
                     *               "en-gb": "Single bed(s)",
                     *               "zh-cn": "单人床"
                     *             }
                     *           },
                     *           "..."
                     *         ],
                     *         "charge_types": [
                     *           {
                     *             "id": 0,
                     *             "name": {
                     *               "en-gb": "service charge",
                     *               "zh-cn": "服务费"
                     *             }
                     *           },
                     *           "..."
                     *         ],
                     *         "facility_types": [
                     *           {
                     *             "id": 1,
                     *             "name": {
                     *               "en-gb": "General",
                     *               "zh-cn": "综合设施"
                     *             }
                     *           },
                     *           "..."
                     *         ],
                     *         "review_scores": [
                     *           {
                     *             "maximum_score": 2.9,
                     *             "minimum_score": 2,
                     *             "name": {
                     *               "en-gb": "very poor",
                     *               "zh-cn": "非常差"
                     *             }
                     *           },
                     *           "..."
                     *         ],
                     *         "room_facilities": [
                     *           {
                     *             "id": 1,
                     *             "facility_type": 7,
                     *             "name": {
                     *               "en-gb": "Coffee/Tea maker",
                     *               "zh-cn": "沏茶/咖啡设备"
                     *             }
                     *           },
                     *           "..."
                     *         ],
                     *         "room_types": [
                     *           {
                     *             "id": 1,
                     *             "name": {
                     *               "en-gb": "Apartment",
                     *               "zh-cn": "公寓"
                     *             }
                     *           },
                     *           "..."
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @description Uniquely identifies the request. Please provide this identifier when contacting support. */
                        request_id?: string;
                        /** ConstantsDataOutput */
                        data?: {
                            accommodation_facilities?: {
                                /** @description A signed integer number that uniquely identifies an accommodation property facility. Examples of facilities are: Parking, Restaurant, Room service etc. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/accommodations/accommodations/constants" target="_blank">accommodations/constants</a>. */
                                id?: number;
                                /** @description A signed integer number that uniquely identifies the accommodation facility type. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/accommodations/accommodations/constants" target="_blank">accommodations/constants</a>. */
                                facility_type?: number;
                                /**
                                 * TranslatedString
                                 * @description A string localised in multiple languages.
                                 */
                                name?: {
                                    [key: string]: string | null;
                                };
                            }[];
                            accommodation_themes?: {
                                /** @description A signed integer number that uniquely identifies an accommodation property theme. Examples of themes are: Beach/Seaside, Ski/Wintersports, Luxury etc. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/accommodations/accommodations/constants" target="_blank">accommodations/constants</a>. */
                                id?: number;
                                /**
                                 * TranslatedString
                                 * @description A string localised in multiple languages.
                                 */
                                name?: {
                                    [key: string]: string | null;
                                };
                            }[];
                            accommodation_types?: {
                                /** @description A signed integer number that uniquely identifies an accommodation property type. Examples of accommodation types are: Apartment, Hostel, Hotel etc. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/accommodations/accommodations/constants" target="_blank">accommodations/constants</a>. */
                                id?: number;
                                /**
                                 * TranslatedString
                                 * @description A string localised in multiple languages.
                                 */
                                name?: {
                                    [key: string]: string | null;
                                };
                            }[];
                            bed_types?: {
                                /** @description A signed integer number that uniquely identifies a bed type. Examples of bed types are: Single, Double etc. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/accommodations/accommodations/constants" target="_blank">accommodations/constants</a>. */
                                id?: number;
                                /**
                                 * TranslatedString
                                 * @description Translated description of the bed size in metric.
                                 */
                                description?: {
                                    [key: string]: string | null;
                                };
                                /**
                                 * TranslatedString
                                 * @description Translated description of the bed size in imperial.
                                 */
                                description_imperial?: {
                                    [key: string]: string | null;
                                };
                                /**
                                 * TranslatedString
                                 * @description Translated name of the bed type.
                                 */
                                name?: {
                                    [key: string]: string | null;
                                };
                            }[];
                            charge_types?: {
                                /** @description A signed integer number that uniquely identifies an accommodation charge type. Examples of charges are: VAT, City Tax, etc. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/accommodations/accommodations/constants" target="_blank">accommodations/constants</a>. */
                                id?: number;
                                /**
                                 * TranslatedString
                                 * @description A string localised in multiple languages.
                                 */
                                name?: {
                                    [key: string]: string | null;
                                };
                            }[];
                            facility_types?: {
                                /** @description A signed integer number that uniquely identifies the accommodation facility type. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/accommodations/accommodations/constants" target="_blank">accommodations/constants</a>. */
                                id?: number;
                                /**
                                 * TranslatedString
                                 * @description A string localised in multiple languages.
                                 */
                                name?: {
                                    [key: string]: string | null;
                                };
                            }[];
                            review_scores?: {
                                /**
                                 * TranslatedString
                                 * @description A string localised in multiple languages.
                                 */
                                name?: {
                                    [key: string]: string | null;
                                };
                                /** @description The minimum score of this review score category. */
                                minimum_score?: number;
                                /** @description The maximum score of this review score category */
                                maximum_score?: number;
                            }[];
                            room_facilities?: {
                                /** @description A signed integer number that uniquely identifies an accommodation property room facility. Examples of facilities are: Coffee/Tea maker, TV, Airconditioning, etc. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/accommodations/accommodations/constants" target="_blank">accommodations/constants</a>. */
                                id?: number;
                                /** @description A signed integer number that uniquely identifies the accommodation facility type. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/accommodations/accommodations/constants" target="_blank">accommodations/constants</a>. */
                                facility_type?: number;
                                /**
                                 * TranslatedString
                                 * @description A string localised in multiple languages.
                                 */
                                name?: {
                                    [key: string]: string | null;
                                };
                            }[];
                            room_types?: {
                                /** @description A signed integer number that uniquely identifies an accommodation property room type. Example of room types are: Suite, Apartment, Twin/Double etc. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/accommodations/accommodations/constants" target="_blank">accommodations/constants</a>. */
                                id?: number;
                                /**
                                 * TranslatedString
                                 * @description A string localised in multiple languages.
                                 */
                                name?: {
                                    [key: string]: string | null;
                                };
                            }[];
                        };
                    };
                };
            };
        };
    };
    "/accommodations/details": {
        parameters: {
            query?: never;
            header: {
                /** @description Include here your Affiliate identifier number */
                "X-Affiliate-Id": number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "accommodations": [
                 *         10004
                 *       ],
                 *       "extras": [
                 *         "bundles",
                 *         "description",
                 *         "facilities",
                 *         "payment",
                 *         "photos",
                 *         "policies",
                 *         "rooms"
                 *       ],
                 *       "languages": [
                 *         "en-gb",
                 *         "zh-cn"
                 *       ]
                 *     }
                 */
                "application/json": {
                    accommodation_facilities?: number[];
                    accommodation_types?: number[];
                    accommodations?: number[];
                    /**
                     * @description A three-letter code that uniquely identifies an airport as defined by the International Air Transport Association (IATA). The full list can be obtained by calling  <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/airports" target="_blank">common/locations/airports</a>.
                     * @example AMS
                     */
                    airport?: string;
                    brands?: number[];
                    /** @description A signed integer number that uniquely identifies a city. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/cities" target="_blank">common/locations/cities</a>. */
                    city?: number;
                    /**
                     * @description A two-letter code that uniquely identifies a country. This code is defined by the ISO 3166-1 alpha-2 standard (ISO2) as described here: https://en.wikipedia.org/wiki/ISO_3166-1_alpha-2. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/countries" target="_blank">common/locations/countries</a>.
                     * @example nl
                     */
                    country?: string;
                    /** @description Input parameter to request for additional information about the accommodation property. It should be passed as a JSON array with one or more items. */
                    extras?: ("description" | "bundles" | "facilities" | "payment" | "photos" | "policies" | "rooms")[];
                    languages?: string[];
                    /** @description Pagination token used to retrieve the next page of results. Obtained from `next_page`. */
                    page?: string;
                    /** @description Payment input information to filter results. */
                    payment?: {
                        /**
                         * @description This parameter specifies that the results should only return accommodation and blocks that contain the specified payment timings.
                         * @enum {string}
                         */
                        timing?: "pay_at_the_property" | "pay_online";
                    };
                    /** @description A signed integer number that uniquely identifies a geographical region. Regions usually define official administrative areas within a country, but may also include multiple countries and in some cases un-official but popular designations for geographical areas. An example of a region that crosses multiple countries is the Alps in Europe. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/regions" target="_blank">common/locations/regions</a>. */
                    region?: number;
                    /**
                     * @description The maximum number of results to return.
                     * @default 100
                     */
                    rows?: number;
                };
            };
        };
        responses: {
            /** @description Successful response. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "01fr9ez700exycb98w90w5r9sh",
                     *       "data": [
                     *         {
                     *           "id": 10004,
                     *           "accommodation_type": 204,
                     *           "brands": [],
                     *           "bundles": [
                     *             {
                     *               "id": 12345,
                     *               "value_adds": [
                     *                 {
                     *                   "type": "high_speed_internet",
                     *                   "description": {
                     *                     "en-gb": [
                     *                       "High speed internet throughout your stay."
                     *                     ]
                     *                   }
                     *                 }
                     *               ]
                     *             }
                     *           ],
                     *           "checkin_checkout_times": {
                     *             "checkin_from": "15:00:00",
                     *             "checkin_to": null,
                     *             "checkout_from": "07:00:00",
                     *             "checkout_to": "12:00:00"
                     *           },
                     *           "currency": "EUR",
                     *           "deep_link_url": "booking://hotel/10004?affiliate_id=!AFFILIATE_ID!",
                     *           "description": {
                     *             "important_information": {
                     *               "en-gb": "The credit card that has been used to book a non-refundable rate, will be charged on the day of booking and needs to be presented upon check-in. In case the credit card owner is not traveling with you, an online payment link will be sent to prepay your stay.\n\nPlease note that the hotel pre-authorizes your credit card with the amount for the first night, 8 days prior to arrival. This is not a payment and this only applies to flexible rates.\n\nParking in Amsterdam is challenging, there are parking garages near to the hotel or a valet service is possible to arrange upon request. Charges are applicable. Please contact the hotel ahead of time for information",
                     *               "zh-cn": "酒店将在预订当天收取用于支付不退款房价的信用卡，客人需在办理入住手续时出示该信用卡。如果信用卡持有人未与客人同行，酒店将发送在线付款链接以预付客人的住宿费用。\n\n请注意，酒店将在客人抵达前8天通过其信用卡预授权第一晚的房费。这不是付款，这仅适用于变化的利率。\n\n在阿姆斯特丹（Amsterdam）停车很有挑战性，酒店附近有停车库，或者可应要求为客人安排代客泊车服务，收费适用。请提前联系酒店以获取信息。",
                     *               "fallback": null
                     *             },
                     *             "license_numbers": [],
                     *             "text": {
                     *               "en-gb": "The Pavilions Amsterdam, The Toren features elegant accommodation alongside the famous Keizersgracht canal, around the corner from the Anne Frank House. It offers elegant rooms with flat-screen TVs with digital entertainment system.\n\nEach air-conditioned room at the Toren has an en suite bathroom with a bathtub. They have classic decorations such as chandeliers and ceiling paintings. Tea/coffee making facilities and a complimentary mini bar are also provided in every room.\n\nIn the morning, guests can enjoy a delightful breakfast buffet in the elegant breakfast room with views of the Keizersgracht. The trendy hotel bar serves refreshing drinks during the day.\n\nWestermarkt Tram Stop is less than 250 metres from the hotel. Dam Square and the Royal Palace are a 10-minute walk away.",
                     *               "zh-cn": "The Pavilions Amsterdam, The Toren酒店位于安妮弗兰克之家（Anne Frank House）拐角处，毗邻著名的Keizersgracht运河，提供典雅的住宿。酒店提供带平板电视和数字娱乐系统的典雅客房。\n\nToren酒店的每间空调客房均配有带浴缸的独立浴室。客房拥有典雅的装饰，如吊灯和天花板画。每间客房还提供沏茶/咖啡设施和免费迷你吧。\n\n早晨，客人可在典雅的早餐室享用可口的自助早餐，并欣赏Keizersgracht的景色。时髦的酒店酒吧白天提供清凉饮料。\n\n酒店距离韦斯特马克特电车站（Westermarkt Tram Stop）不到250米，距离水坝广场（Dam Square）和皇宫（Royal Palace）有10分钟的步行路程。",
                     *               "fallback": null
                     *             },
                     *             "trader": {
                     *               "address": {
                     *                 "address_line": "Prinsengract 153",
                     *                 "city": "Amsterdam",
                     *                 "country": "nl",
                     *                 "post_code": "94571"
                     *               },
                     *               "email": "test@test.test",
                     *               "name": "Test Test",
                     *               "registration_number": "123456788",
                     *               "telephone": "+123456789",
                     *               "trade_register": "hjdfvhfjd",
                     *               "trader_verified": true
                     *             }
                     *           },
                     *           "facilities": [
                     *             {
                     *               "id": 5,
                     *               "attributes": []
                     *             },
                     *             "..."
                     *           ],
                     *           "is_genius": true,
                     *           "is_work_friendly": false,
                     *           "location": {
                     *             "address": {
                     *               "fallback": "Keizersgracht 164"
                     *             },
                     *             "city": -2140479,
                     *             "coordinates": {
                     *               "latitude": 52.375858,
                     *               "longitude": 4.886006
                     *             },
                     *             "country": "nl",
                     *             "districts": [
                     *               145,
                     *               3024,
                     *               9173
                     *             ],
                     *             "postal_code": "1015 CZ",
                     *             "regions": [
                     *               1010,
                     *               2776
                     *             ]
                     *           },
                     *           "long_stay_friendly_home": false,
                     *           "meal_prices": {
                     *             "breakfast": 20,
                     *             "dinner": null,
                     *             "lunch": null
                     *           },
                     *           "name": {
                     *             "fallback": "The Pavilions Amsterdam, The Toren"
                     *           },
                     *           "number_of_rooms": 11,
                     *           "payment": {
                     *             "amex_cvc_required": false,
                     *             "cvc_required": true,
                     *             "domestic_no_cc": false,
                     *             "methods": {
                     *               "cash": true,
                     *               "cards": [
                     *                 1,
                     *                 2,
                     *                 3
                     *               ],
                     *               "virtual_cards": [
                     *                 1,
                     *                 2,
                     *                 3
                     *               ]
                     *             },
                     *             "timings": [
                     *               "pay_at_the_property"
                     *             ]
                     *           },
                     *           "photos": [
                     *             {
                     *               "main_photo": true,
                     *               "tags": [
                     *                 "Neighbourhood"
                     *               ],
                     *               "url": {
                     *                 "large": "https://q-xx.bstatic.com/xdata/images/hotel/max1280/243931754.jpg?k=a1fea83a088f20b8f8a0e68ac06cb0090a093808f6e2a129bfb990165a0009f3&o=",
                     *                 "standard": "https://q-xx.bstatic.com/xdata/images/hotel/max500/243931754.jpg?k=a1fea83a088f20b8f8a0e68ac06cb0090a093808f6e2a129bfb990165a0009f3&o=",
                     *                 "thumbnail": "https://q-xx.bstatic.com/xdata/images/hotel/100x100/243931754.jpg?k=a1fea83a088f20b8f8a0e68ac06cb0090a093808f6e2a129bfb990165a0009f3&o=",
                     *                 "thumbnail_large": "https://q-xx.bstatic.com/xdata/images/hotel/300x300/243931754.jpg?k=a1fea83a088f20b8f8a0e68ac06cb0090a093808f6e2a129bfb990165a0009f3&o="
                     *               }
                     *             },
                     *             "..."
                     *           ],
                     *           "policies": {
                     *             "cots_and_extra_beds": [
                     *               {
                     *                 "age": {
                     *                   "from": 0,
                     *                   "to": 2
                     *                 },
                     *                 "mode": "per_night",
                     *                 "price": 0,
                     *                 "type": "crib"
                     *               }
                     *             ],
                     *             "damage": {
                     *               "amount": 50,
                     *               "currency": "EUR",
                     *               "deposit": {
                     *                 "collect": {
                     *                   "date": {
                     *                     "days_offset": 0,
                     *                     "reference_date": "checkin"
                     *                   },
                     *                   "payment_method": "credit_card"
                     *                 },
                     *                 "refund": {
                     *                   "date": {
                     *                     "days_offset": 0,
                     *                     "reference_date": "checkout"
                     *                   },
                     *                   "payment_method": "credit_card"
                     *                 }
                     *               }
                     *             },
                     *             "maximum_checkin_age": null,
                     *             "minimum_checkin_age": 18,
                     *             "minimum_guest_age": 0,
                     *             "pets": {
                     *               "allowed": "no",
                     *               "charge_mode": null
                     *             }
                     *           },
                     *           "price_category": "$$$$",
                     *           "programmes": {
                     *             "travel_proud": false
                     *           },
                     *           "ranking": 123456,
                     *           "rating": {
                     *             "number_of_reviews": 930,
                     *             "preferred": true,
                     *             "review_score": 9,
                     *             "stars": 4,
                     *             "stars_type": "official"
                     *           },
                     *           "rooms": [
                     *             {
                     *               "id": 1000420,
                     *               "attributes": [
                     *                 "non_smoking"
                     *               ],
                     *               "bed_options": [
                     *                 {
                     *                   "bed_configurations": [
                     *                     {
                     *                       "id": "1000420-1",
                     *                       "configuration": [
                     *                         {
                     *                           "bed_type": 6,
                     *                           "number_of_beds": 1
                     *                         }
                     *                       ]
                     *                     },
                     *                     {
                     *                       "id": "1000420-2",
                     *                       "configuration": [
                     *                         {
                     *                           "bed_type": 1,
                     *                           "number_of_beds": 2
                     *                         }
                     *                       ]
                     *                     }
                     *                   ],
                     *                   "has_bathroom": true,
                     *                   "is_bedroom": true
                     *                 }
                     *               ],
                     *               "cots_and_extra_beds": {
                     *                 "are_allowed_together": false,
                     *                 "maximum_number_of_cots": 0,
                     *                 "maximum_number_of_extra_beds": 0
                     *               },
                     *               "cribs_and_extra_beds": {
                     *                 "are_allowed": false,
                     *                 "maximum_number_of_cribs": 0,
                     *                 "maximum_number_of_extra_beds": 0
                     *               },
                     *               "description": {
                     *                 "en-gb": "This room features decor with rich colours and original features. It is located in the annex building, 8 houses away from the main building. It is internally positioned, overlooking a small courtyard.",
                     *                 "fallback": null
                     *               },
                     *               "facilities": [
                     *                 1,
                     *                 "..."
                     *               ],
                     *               "maximum_occupancy": {
                     *                 "adults": 2,
                     *                 "children": 1,
                     *                 "total_guests": 2
                     *               },
                     *               "name": {
                     *                 "en-gb": "Standard Double or Twin Room",
                     *                 "zh-cn": "标准双人或双床间 ",
                     *                 "fallback": null
                     *               },
                     *               "number_of_rooms": {
                     *                 "bathrooms": 1,
                     *                 "bedrooms": 1,
                     *                 "living_rooms": 0
                     *               },
                     *               "photos": [
                     *                 {
                     *                   "tags": [
                     *                     "Neighbourhood"
                     *                   ],
                     *                   "url": {
                     *                     "large": "https://q-xx.bstatic.com/xdata/images/hotel/max1280/243931754.jpg?k=a1fea83a088f20b8f8a0e68ac06cb0090a093808f6e2a129bfb990165a0009f3&o=",
                     *                     "standard": "https://q-xx.bstatic.com/xdata/images/hotel/max500/243931754.jpg?k=a1fea83a088f20b8f8a0e68ac06cb0090a093808f6e2a129bfb990165a0009f3&o=",
                     *                     "thumbnail": "https://q-xx.bstatic.com/xdata/images/hotel/100x100/243931754.jpg?k=a1fea83a088f20b8f8a0e68ac06cb0090a093808f6e2a129bfb990165a0009f3&o=",
                     *                     "thumbnail_large": "https://q-xx.bstatic.com/xdata/images/hotel/300x300/243931754.jpg?k=a1fea83a088f20b8f8a0e68ac06cb0090a093808f6e2a129bfb990165a0009f3&o="
                     *                   }
                     *                 },
                     *                 "..."
                     *               ],
                     *               "room_type": 9,
                     *               "size": 18
                     *             },
                     *             "..."
                     *           ],
                     *           "spoken_languages": [
                     *             "de",
                     *             "en-gb",
                     *             "fr",
                     *             "nl"
                     *           ],
                     *           "themes": [
                     *             6,
                     *             "..."
                     *           ],
                     *           "url": "https://www.booking.com/hotel/nl/toren.html?affiliate_id=!AFFILIATE_ID!",
                     *           "work_friendly_home": false
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description Uniquely identifies the request. Please provide this identifier when contacting support. */
                        request_id?: string;
                        data?: {
                            /** @description A signed integer number that uniquely identifies an accommodation property. The full list can be obtained by calling [accommodations/details](/demand/docs/open-api/demand-api/accommodations/accommodations/details). */
                            id?: number;
                            /** @description A signed integer number that uniquely identifies an accommodation property type. Examples of accommodation types are: Apartment, Hostel, Hotel etc. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/accommodations/accommodations/constants" target="_blank">accommodations/constants</a>. */
                            accommodation_type?: number;
                            /** @description A boolean indicating whether a booker address is required for the property. If true, a booker address must be provided in the orders/create endpoint. If false, the booker address is not required and can be omitted from the orders/create endpoint. */
                            booker_address_required?: boolean;
                            brands?: number[];
                            /**
                             * BundlesTranslatedOutput
                             * @description List of value-added bundles offered by this accommodation. Each bundle groups one or more value-added benefits that are included with the stay, such as complimentary services, credits, or special amenities. Bundles are informational only. They cannot be selected, filtered, or booked independently and do not represent a separate rate or product. This field is returned only when `bundles` is included in the `extras` request parameter.
                             */
                            bundles?: {
                                /** @description Unique identifier of the bundle. */
                                id?: number;
                                /** @description List of value-added benefits included in this bundle. Each value-add represents a single benefit and includes localised descriptive text for display purposes. */
                                value_adds?: {
                                    /**
                                     * @description Identifies the type of value-added benefit included in the bundle, such as complimentary services, monetary credits, percentage discounts, or experiential amenities. Enum values encode how the benefit is applied, including time scope (per day or per stay) and unit scope (per room or per adult).
                                     * @enum {string}
                                     */
                                    type?: "parking" | "food_drink_credit_per_day_per_room" | "food_drink_credit_per_day_per_adult" | "property_credit_per_day_per_room" | "food_drink_credit_per_stay_per_adult" | "food_drink_credit_per_stay_per_room" | "property_credit_per_day_per_adult" | "property_credit_per_stay_per_adult" | "property_credit_per_stay_per_room" | "food_drink_discount" | "property_discount" | "early_checkin" | "late_checkout" | "late_checkin" | "spa_daily" | "spa_hourly" | "spa_massage" | "high_speed_internet" | "airport_transfer" | "safari_game_drive" | "safari_walk" | "pets_stay" | "bottle_of_wine" | "bottle_of_champagne" | "park_sleep_fly";
                                    /**
                                     * TranslatedStringArray
                                     * @description List of descriptive text lines for the value-added service, localised in multiple languages.
                                     */
                                    description?: {
                                        [key: string]: {
                                            [key: string]: string | null;
                                        }[] | null;
                                    };
                                }[];
                            }[];
                            /** AccommodationsCheckinCheckoutTimesOutput */
                            checkin_checkout_times?: {
                                /** @description The time from when checkin starts at this property. */
                                checkin_from?: string | null;
                                /** @description The time till when checkin can be done at this property. */
                                checkin_to?: string | null;
                                /** @description The time from when checkout starts at this property. */
                                checkout_from?: string | null;
                                /** @description The time till when checkout can be done at this property. */
                                checkout_to?: string | null;
                            };
                            /**
                             * AccommodationsContactsOutput
                             * @description Contact information of the accommodation.
                             */
                            contacts?: {
                                /**
                                 * AccommodationsContactOutput
                                 * @description Contact information of the accommodation. It can be `null` if the data is missing.
                                 */
                                general?: {
                                    /** @description Email address of the accommodation. It can be `null` if the data is missing. */
                                    email?: string | null;
                                    /** @description Telephone number of the accommodation. It can be `null` if the data is missing. */
                                    telephone?: string | null;
                                } | null;
                                /**
                                 * AccommodationsContactOutput
                                 * @description Contact information of the accommodation. It can be `null` if the data is missing.
                                 */
                                reservations?: {
                                    /** @description Email address of the accommodation. It can be `null` if the data is missing. */
                                    email?: string | null;
                                    /** @description Telephone number of the accommodation. It can be `null` if the data is missing. */
                                    telephone?: string | null;
                                } | null;
                            };
                            /**
                             * @description A three-letter code that uniquely identifies a monetary currency as defined by the ISO 4217 standard. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonpayments/common/payments/currencies" target="_blank">common/payments/currencies</a>.
                             * @example EUR
                             */
                            currency?: string;
                            /**
                             * Format: url
                             * @description A mobile app URL that directs the user to a specific page or content within the Booking.com app. The link can only be used on a device with the Booking.com app installed. It typically includes an Affiliate ID (AID) to attribute bookings to the affiliate partner when users are redirected
                             */
                            deep_link_url?: string;
                            /**
                             * AccommodationsDescriptionOutput
                             * @description Textual information about the accommodation. Requires `{"extras":["description"]}`.
                             */
                            description?: {
                                /**
                                 * @description Type of host.
                                 * @enum {string}
                                 */
                                host_type?: "private" | "professional" | "unknown";
                                /**
                                 * TranslatedString
                                 * @description Text containing important information about the property. The value is translated in the requested languages.
                                 */
                                important_information?: {
                                    [key: string]: string | null;
                                };
                                /** @description List of all the license numbers of this accommodation property. */
                                license_numbers?: string[] | null;
                                /**
                                 * TranslatedString
                                 * @description The translated description text of this accommodation property in the requested languages. The maximum number of characters returned may be limited by contract.
                                 */
                                text?: {
                                    [key: string]: string | null;
                                };
                                /**
                                 * TraderOutput
                                 * @description The trader information.
                                 */
                                trader?: {
                                    /**
                                     * AccommodationsAddress
                                     * @description The address of the trader
                                     */
                                    address?: {
                                        address_line?: string;
                                        city?: string;
                                        country?: string;
                                        post_code?: string;
                                    };
                                    /** @description The email of the trader */
                                    email?: string;
                                    /** @description The name of the trader */
                                    name?: string;
                                    /** @description The registration number of the trader */
                                    registration_number?: string;
                                    /** @description The telephone of the trader */
                                    telephone?: string;
                                    /** @description The trade register name */
                                    trade_register?: string;
                                    /** @description Indicates whether the trader has successfully met Booking.com's internal verification process, based on established criteria and checklists */
                                    trader_verified?: boolean;
                                } | null;
                            };
                            /** @description The list of facilities available in this property. Requires `{"extras":["facilities"]}`. */
                            facilities?: {
                                /** @description A signed integer number that uniquely identifies an accommodation property facility. Examples of facilities are: Parking, Restaurant, Room service etc. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/accommodations/accommodations/constants" target="_blank">accommodations/constants</a>. */
                                id?: number;
                                attributes?: ("offsite" | "paid")[];
                            }[];
                            /**
                             * accommodationsFacilityDetailsOutput
                             * @description Provides detailed information about the facilities available at the accommodation. This data is accessible by including `{"extras":["facilities"]}` in the request.
                             */
                            facility_details?: {
                                /**
                                 * AccommodationsInternetFacilityOutput
                                 * @description Details about the internet facilities available at the accommodation, including price, charge mode and connection type.
                                 */
                                internet_facility?: {
                                    /**
                                     * @description The charging model for internet access at the accommodation.
                                     * @enum {string|null}
                                     */
                                    charge_mode?: "charges_are_applicable" | "free" | "per_day" | "per_half_hour" | "per_hour" | "per_minute" | null;
                                    /**
                                     * @description The type of internet connection available, whether wireless (Wi-Fi) or wired.
                                     * @enum {string|null}
                                     */
                                    connection_type?: "wifi" | "wired" | null;
                                    /**
                                     * @description The extent of the internet coverage within the accommodation, indicating the areas where internet access is available.
                                     * @enum {string|null}
                                     */
                                    coverage?: "all_rooms" | "business_center" | "entire_property" | "public_areas" | "some_rooms" | null;
                                    /**
                                     * Format: double
                                     * @description The price for using the internet facility, if applicable.
                                     */
                                    price?: number | null;
                                };
                                /** @description A list of parking facilities available at the accommodation. */
                                parking_facilities?: {
                                    /**
                                     * @description The charging model for parking, such as per hour, per day, or free.
                                     * @enum {string|null}
                                     */
                                    charge_mode?: "free" | "charges_are_applicable" | "charges_may_apply" | "per_hour" | "per_day" | "per_week" | "per_stay" | null;
                                    /**
                                     * @description The location of the parking facility relative to the accommodation (on-site or nearby).
                                     * @enum {string|null}
                                     */
                                    location?: "on_site" | "nearby" | null;
                                    /**
                                     * Format: double
                                     * @description The price for using the parking facility, if applicable.
                                     */
                                    price?: number | null;
                                    /**
                                     * @description Indicates whether a reservation is required for parking at the accommodation.
                                     * @enum {string|null}
                                     */
                                    reservation?: "needed" | "not_needed" | "not_possible" | null;
                                    /**
                                     * @description The type of parking available, either public or private.
                                     * @enum {string|null}
                                     */
                                    type?: "private" | "public" | null;
                                }[];
                                /** @description A list of restaurant facilities available at the accommodation. */
                                restaurant_facilities?: {
                                    /** @description Indicates whether the restaurant accepts reservations. */
                                    accept_reservations?: boolean;
                                    /** @description Indicates whether the restaurant is exclusive to guests or open to the public. */
                                    guests_only?: boolean;
                                    /** @description The name of the restaurant. */
                                    name?: string;
                                    /**
                                     * @description The operational status of the restaurant (e.g., open or closed).
                                     * @enum {string|null}
                                     */
                                    status?: "closed" | "open" | null;
                                }[];
                                /** @description A list of swimming pool facilities available at the accommodation. */
                                swimming_pool_facilities?: {
                                    /**
                                     * @description The age group allowed to use the swimming pool (e.g., adults only, all ages, or kids only).
                                     * @enum {string|null}
                                     */
                                    allowed_age_type?: "adults_only" | "all_ages" | "kids_only" | null;
                                    /**
                                     * @description The payment model for pool access, either free or paid.
                                     * @enum {string|null}
                                     */
                                    payment_type?: "free" | "paid" | null;
                                    /**
                                     * @description The type of swimming pool (indoor, outdoor, or a combination).
                                     * @enum {string|null}
                                     */
                                    type?: "indoor" | "indoor_and_outdoor" | "outdoor" | null;
                                }[];
                            };
                            /**
                             * AccommodationsFiscalInformationOutput
                             * @description All fiscal related information of this accommodation property.
                             */
                            fiscal_information?: {
                                legal_name?: string;
                                vat_number?: string;
                            };
                            /** @description Whether the accommodation is genius. */
                            is_genius?: boolean;
                            /**
                             * @deprecated
                             * @description **DEPRECATED**, Flags if this accommodation is work friendly.
                             */
                            is_work_friendly?: boolean;
                            /** AccommodationsKeyCollectionInformationOutput */
                            key_collection_information?: {
                                /**
                                 * AlternateLocationOutput
                                 * @description Alternate location to collect the key of this accommodation property. This is returned if the key to access the property is in another location.
                                 */
                                alternate_location?: {
                                    address?: string;
                                    city?: string;
                                    postal_code?: string;
                                };
                                /**
                                 * @description An enumeration that describes the conditions for the checkin process and for collecting the key to access the property. This is typically relevant for non-hotel accommodations (like houses or apartments) without a 24 hours front-desk.
                                 * @enum {string}
                                 */
                                checkin_method?: "door_code" | "lock_box" | "reception" | "secret_spot" | "someone_will_meet" | "unknown";
                                /**
                                 * @description Location of the key to access this accommodation property.
                                 * @enum {string}
                                 */
                                key_location?: "at_the_property" | "different_place" | "unknown";
                            };
                            /**
                             * AccommodationsLocationOutput
                             * @description All location related information of this accommodation property.
                             */
                            location?: {
                                /**
                                 * TranslatedString
                                 * @description Translated accommodation address.
                                 */
                                address?: {
                                    [key: string]: string | null;
                                };
                                /** @description A signed integer number that uniquely identifies a city. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/cities" target="_blank">common/locations/cities</a>. */
                                city?: number;
                                /** Coordinates */
                                coordinates?: {
                                    /** Format: double */
                                    latitude?: number;
                                    /** Format: double */
                                    longitude?: number;
                                };
                                /**
                                 * @description A two-letter code that uniquely identifies a country. This code is defined by the ISO 3166-1 alpha-2 standard (ISO2) as described here: https://en.wikipedia.org/wiki/ISO_3166-1_alpha-2. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/countries" target="_blank">common/locations/countries</a>.
                                 * @example nl
                                 */
                                country?: string;
                                districts?: number[];
                                postal_code?: string;
                                regions?: number[];
                            };
                            /** @description Whether the accommodation is long stay friendly. Applicable only for homes. */
                            long_stay_friendly_home?: boolean;
                            /**
                             * MealPrices
                             * @description Details regarding the meal pricing options offered at this accommodation.
                             */
                            meal_prices?: {
                                /** @description The price of breakfast per person, expressed in the accommodation's local currency. If the value is null, it indicates that breakfast pricing is not available. */
                                breakfast?: number | null;
                                /** @description The price of dinner per person, expressed in the accommodation's local currency. If the value is null, it indicates that dinner pricing is not available. */
                                dinner?: number | null;
                                /** @description The price of lunch per person, expressed in the accommodation's local currency. If the value is null, it indicates that lunch pricing is not available. */
                                lunch?: number | null;
                            };
                            /**
                             * TranslatedString
                             * @description Translated name of the accommodation property.
                             */
                            name?: {
                                [key: string]: string | null;
                            };
                            /** @description Total number of rooms in the property. Please note that this is not an availability call and that this number is mostly used to determine the size and type of a property. */
                            number_of_rooms?: number;
                            /**
                             * AccommodationsPaymentOutput
                             * @description Payment information related to this property. Requires `{"extras":["payment"]}`.
                             */
                            payment?: {
                                /**
                                 * AccommodationsDetailsPaymentMethodsOutput
                                 * @description Payment methods accepted by this property.
                                 */
                                methods?: {
                                    /** @description Credit cards accepted when paying at the property */
                                    cards?: number[];
                                    /**
                                     * @description Whether this property accepts cash
                                     * @example true
                                     */
                                    cash?: boolean;
                                    /** @description Virtual credit cards accepted when paying at the property */
                                    virtual_cards?: number[];
                                };
                                /** @description The payment timings supported by this product. */
                                timings?: ("pay_at_the_property" | "pay_online_later" | "pay_online_now")[];
                                /** @description Whether cvc is mandatory for creating order for this accommodation. */
                                cvc_required?: boolean;
                                /** @description Whether domestic bookers can book without credit card for products with free cancellation policies. */
                                domestic_no_cc?: boolean;
                                /** @description If amex card is used as payment method to create order for this accommodation, whether cvc is mandatory for that. */
                                amex_cvc_required?: boolean;
                            };
                            /** @description List of photos for this accommodation property. The maximum number of photos returned may be limited by contract. Requires `{"extras":["photos"]}`. The photos are returned in no particular order. */
                            photos?: {
                                /**
                                 * @description Flags this as the main photo. Not returned otherwise.
                                 * @example true
                                 */
                                main_photo?: boolean;
                                tags?: string[];
                                /** AccommodationsPhotoUrlOutput */
                                url?: {
                                    /**
                                     * Format: url
                                     * @description URL of the photo image with a maximum width of 1280 pixels.
                                     * @example https://q-xx.bstatic.com/xdata/images/hotel/max1280/20934654.jpg?k=806399263699a47361bdbbefc9c872a3db03eea26c4a815f5f4df95c93e38cdb&o=
                                     */
                                    large?: string;
                                    /**
                                     * Format: url
                                     * @description URL of the photo image with a maximum width of 500 pixels.
                                     * @example https://q-xx.bstatic.com/xdata/images/hotel/max500/20934654.jpg?k=806399263699a47361bdbbefc9c872a3db03eea26c4a815f5f4df95c93e38cdb&o=
                                     */
                                    standard?: string;
                                    /**
                                     * Format: url
                                     * @description URL of the photo thumbnail image with dimensions 100x100 pixels.
                                     * @example https://q-xx.bstatic.com/xdata/images/hotel/100x100/20934654.jpg?k=806399263699a47361bdbbefc9c872a3db03eea26c4a815f5f4df95c93e38cdb&o=
                                     */
                                    thumbnail?: string;
                                    /**
                                     * Format: url
                                     * @description URL of the photo thumbnail image with dimensions 300x300 pixels.
                                     * @example https://q-xx.bstatic.com/xdata/images/hotel/300x300/20934654.jpg?k=806399263699a47361bdbbefc9c872a3db03eea26c4a815f5f4df95c93e38cdb&o=
                                     */
                                    thumbnail_large?: string;
                                };
                            }[];
                            /**
                             * AccommodationsPoliciesOutput
                             * @description Set of price relevant rules, options and constraints defined by the accommodation for this product. Requires `{"extras":["policies"]}`.
                             */
                            policies?: {
                                /** @description Prices for cots and extra beds. */
                                cots_and_extra_beds?: {
                                    /**
                                     * AccommodationsPoliciesAgeOutput
                                     * @description Ages to which this entry is applicable. Children are aged 0-17. 18/null means adult. The interval is inclusive.
                                     */
                                    age?: {
                                        from?: number;
                                        to?: number | null;
                                    };
                                    /**
                                     * @description How the price is applied per cot/extra bed.
                                     * @enum {string}
                                     */
                                    mode?: "per_night" | "per_stay";
                                    /** @description Non-null when the price is a percentage. */
                                    percentage?: number | null;
                                    /**
                                     * Format: double
                                     * @description Non-null when the price is fixed or free.
                                     */
                                    price?: number | null;
                                    /**
                                     * @description Whether this entry relates to a cot or an extra bed.
                                     * @enum {string}
                                     */
                                    type?: "cot" | "extra_bed";
                                }[];
                                /** @description Defines the maximum (inclusive) check-in age for this property. If null, then there is no maximum age for checking in */
                                maximum_checkin_age?: number;
                                /** @description Defines the minimum (inclusive) check-in age for this property. */
                                minimum_checkin_age?: number;
                                /** @description Defines the minimum age (inclusive) for staying in this property. If "0", then a guest of any age is allowed. */
                                minimum_guest_age?: number;
                                /** AccommodationsPetsPolicyOutput */
                                pets?: {
                                    /**
                                     * @description An enumerated value describing if pets are allowed
                                     * @enum {string}
                                     */
                                    allowed?: "yes" | "no" | "upon_request";
                                    /**
                                     * @description An enumerated value describing the charge mode for pets
                                     * @enum {string}
                                     */
                                    charge_mode?: "free" | "charges_may_apply";
                                };
                                /** @description DamagePolicy of the property */
                                damage?: {
                                    /** @description If a deposit needs to be paid upfront */
                                    deposit?: {
                                        collect?: {
                                            date?: {
                                                /** @enum {string} */
                                                reference_date?: "checkin" | "checkout";
                                                /** @description The number of days on or before reference date. */
                                                days_offset?: number;
                                            };
                                            /** @enum {string} */
                                            payment_method?: "bank_transfer" | "cash" | "credit_card" | "paypal" | "other";
                                        };
                                        refund?: {
                                            date?: {
                                                /** @enum {string} */
                                                reference_date?: "checkin" | "checkout";
                                                /** @description The number of days on or after reference date. */
                                                days_offset?: number;
                                            };
                                            /** @enum {string} */
                                            payment_method?: "bank_transfer" | "cash" | "credit_card" | "paypal" | "other";
                                        };
                                    };
                                    /**
                                     * Format: double
                                     * @description The amount that can be charged
                                     */
                                    amount?: number;
                                    /** @description Currency in which payment needs to be made */
                                    currency?: string;
                                };
                            };
                            /** @description Indicates the qualitative price reference (between $ and $$$$) on how expensive an accommodation is. Accommodations in the same city are sorted by ascending price (average per guest per night in the last month), the ones in the lowest 25 percentile are in category $, between 25 and 50 percentile are in category $$, between 50 and 75 percentile are in category $$$, remaining ones are in category $$$$. */
                            price_category?: string;
                            /**
                             * AccommodationsProgrammes
                             * @description Details of programmes undergone by the property.
                             */
                            programmes?: {
                                /** @description Boolean value is "true" if property has travel proud badge and "false" otherwise. */
                                travel_proud?: boolean;
                            };
                            /** @description The public ranking of the accommodation. */
                            ranking?: number;
                            /** AccommodationsDetailsRatingOutput */
                            rating?: {
                                /** @description Number of validated reviews for this accommodation. */
                                number_of_reviews?: number;
                                /**
                                 * @description Boolean value is "true" if this accommodation is in the Booking.com's preferred program and "false" otherwise.
                                 * @example true
                                 */
                                preferred?: boolean;
                                /** @description A decimal number indicating the current review score of this accommodation property, in the range 1..10. */
                                review_score?: number | null;
                                /**
                                 * Format: double
                                 * @description Number of stars of this accommodation property.
                                 * @example 4
                                 */
                                stars?: number | null;
                                /**
                                 * @description An enumerated value describing which type of stars this accommodation has.
                                 * @enum {string|null}
                                 */
                                stars_type?: "estimated_by_accommodation" | "estimated_by_booking" | "official" | null;
                            };
                            /** @description The list of room types available at this property. Requires `{"extras":["rooms"]}`. */
                            rooms?: {
                                /** @description A signed integer number that uniquely identifies an accommodation property room. The full list can be obtained by calling [accommodations/details](/demand/docs/open-api/demand-api/accommodations/accommodations/details). */
                                id?: number;
                                /** @description Lists a set of attribute qualifiers for this room. Will not be returned if no relevant attributes are applicable. */
                                attributes?: ("non_smoking" | "smoking" | "work_friendly")[];
                                /** @description Lists all possible bedding options for this room or apartment. */
                                bed_options?: {
                                    /** @description Lists all alternative bed configurations that are supported. */
                                    bed_configurations?: {
                                        /** @description Uniquely identifies this bed configuration. */
                                        id?: string;
                                        /** @description Detail list of all different types and number of beds included in this configuration. */
                                        configuration?: {
                                            /** @description A signed integer number that uniquely identifies a bed type. Examples of bed types are: Single, Double etc. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/accommodations/accommodations/constants" target="_blank">accommodations/constants</a>. */
                                            bed_type?: number;
                                            /** @description Number of similar beds included in this configuration. */
                                            number_of_beds?: number;
                                        }[];
                                    }[];
                                    /** @description Flags if this area includes its own bathroom. */
                                    has_bathroom?: boolean;
                                    /** @description Flags if this area is marked as a bedroom, otherwise, it should be considered a living room. */
                                    is_bedroom?: boolean;
                                }[];
                                /**
                                 * AccommodationsRoomsCotsAndExtraBedsOutput
                                 * @description Lists room options regarding adding cots and/or extra beds.
                                 */
                                cots_and_extra_beds?: {
                                    /** @description Flags if cots and extra beds can be placed together in the room. `true` allows both up to their maximum limits. `false` requires exclusive choice of either cots or extra beds. */
                                    are_allowed_together?: boolean;
                                    /** @description Maximum number of cots that can be added. */
                                    maximum_number_of_cots?: number;
                                    /** @description Maximum number of extra beds that can be added. */
                                    maximum_number_of_extra_beds?: number;
                                };
                                /**
                                 * AccommodationsRoomsCribsAndExtraBedsOutput
                                 * @deprecated
                                 * @description **DEPRECATED**, please use 'cots_and_extra_beds'.
                                 */
                                cribs_and_extra_beds?: {
                                    /** @description Flags if it's possible to add cribs and/or extra beds. */
                                    are_allowed?: boolean;
                                    /** @description Maximum number of cribs that can be added. */
                                    maximum_number_of_cribs?: number;
                                    /** @description Maximum number of extra beds that can be added. */
                                    maximum_number_of_extra_beds?: number;
                                };
                                /**
                                 * TranslatedString
                                 * @description Translated description of this room. The maximum number of characters returned may be limited by contract.
                                 */
                                description?: {
                                    [key: string]: string | null;
                                };
                                facilities?: number[];
                                /**
                                 * AccommodationsDetailsMaximumOccupancyOutput
                                 * @description Occupancy limits and options.
                                 */
                                maximum_occupancy?: {
                                    /** @description Maximum number of adults allowed. */
                                    adults?: number;
                                    /** @description Maximum number of children allowed (children will be typically defined by being under 18 years of age). */
                                    children?: number;
                                    /**
                                     * @deprecated
                                     * @description **DEPRECATED** Total capacity of adults + children allowed.
                                     */
                                    total_guests?: number;
                                };
                                /**
                                 * TranslatedString
                                 * @description Translated name of this room.
                                 */
                                name?: {
                                    [key: string]: string | null;
                                };
                                /**
                                 * AccommodationsNumberOfRoomsOutput
                                 * @description Total rooms available.
                                 */
                                number_of_rooms?: {
                                    /** @description Total number of bathrooms. */
                                    bathrooms?: number;
                                    /** @description Total number of rooms equipped or that can be fitted with a bed. */
                                    bedrooms?: number;
                                    /** @description Total number of rooms without a bed. */
                                    living_rooms?: number;
                                };
                                /** @description List of photos for this accommodation room. The maximum number of photos returned may be limited by contract. Requires `{"extras":["rooms","photos"]}`. The photos are returned in no particular order. */
                                photos?: {
                                    /**
                                     * @description Flags this as the main photo. Not returned otherwise.
                                     * @example true
                                     */
                                    main_photo?: boolean;
                                    tags?: string[];
                                    /** AccommodationsPhotoUrlOutput */
                                    url?: {
                                        /**
                                         * Format: url
                                         * @description URL of the photo image with a maximum width of 1280 pixels.
                                         * @example https://q-xx.bstatic.com/xdata/images/hotel/max1280/20934654.jpg?k=806399263699a47361bdbbefc9c872a3db03eea26c4a815f5f4df95c93e38cdb&o=
                                         */
                                        large?: string;
                                        /**
                                         * Format: url
                                         * @description URL of the photo image with a maximum width of 500 pixels.
                                         * @example https://q-xx.bstatic.com/xdata/images/hotel/max500/20934654.jpg?k=806399263699a47361bdbbefc9c872a3db03eea26c4a815f5f4df95c93e38cdb&o=
                                         */
                                        standard?: string;
                                        /**
                                         * Format: url
                                         * @description URL of the photo thumbnail image with dimensions 100x100 pixels.
                                         * @example https://q-xx.bstatic.com/xdata/images/hotel/100x100/20934654.jpg?k=806399263699a47361bdbbefc9c872a3db03eea26c4a815f5f4df95c93e38cdb&o=
                                         */
                                        thumbnail?: string;
                                        /**
                                         * Format: url
                                         * @description URL of the photo thumbnail image with dimensions 300x300 pixels.
                                         * @example https://q-xx.bstatic.com/xdata/images/hotel/300x300/20934654.jpg?k=806399263699a47361bdbbefc9c872a3db03eea26c4a815f5f4df95c93e38cdb&o=
                                         */
                                        thumbnail_large?: string;
                                    };
                                }[];
                                /** @description A signed integer number that uniquely identifies an accommodation property room type. Example of room types are: Suite, Apartment, Twin/Double etc. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/accommodations/accommodations/constants" target="_blank">accommodations/constants</a>. */
                                room_type?: number;
                                /**
                                 * @description The room area in square meters.
                                 * @example 20
                                 */
                                size?: number;
                            }[];
                            /** @description Languages spoken by the staff of this accommodation property. */
                            spoken_languages?: string[];
                            themes?: number[];
                            /**
                             * Format: url
                             * @description Internet address for the property page on Booking.com.
                             */
                            url?: string;
                            /** @description Whether the accommodation is work friendly. Applicable only for homes. */
                            work_friendly_home?: boolean;
                        }[];
                        /** @description Indicates that more results are available. Use this pagination token to retrieve the next page of results (via parameter `page`). */
                        next_page?: string | null;
                    };
                };
            };
        };
    };
    "/accommodations/details/changes": {
        parameters: {
            query?: never;
            header: {
                /** @description Include here your Affiliate identifier number */
                "X-Affiliate-Id": components["parameters"]["AffiliateIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "last_change": "!START_DATE!T12:00:00+00:00",
                 *       "filters": {
                 *         "countries": [
                 *           "nl",
                 *           "es",
                 *           "in"
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: date-time
                     * @description The timestamp in ISO-8601 format from which changes to accommodations are returned (inclusive). Only UTC time zone is supported. We support changes for last 24 hours. Format: YYYY-MM-DDTHH:mm:ss+00:00
                     */
                    last_change: string;
                    /** @description parameter basis which filtering needs to be done. Only one of (countries or cities) must be provided. */
                    filters?: {
                        /** @description Filter changes based on these countries. The valid full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/countries" target="_blank">common/locations/countries</a>. */
                        countries?: string[];
                        /** @description Filter changes based on these cities. The valid full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/cities" target="_blank">common/locations/cities</a>. */
                        cities?: number[];
                    };
                };
            };
        };
        responses: {
            /** @description Successful response. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "01fr9ez700exycb98w90w5r9sh",
                     *       "data": {
                     *         "changes": {
                     *           "changed": [
                     *             403115,
                     *             "..."
                     *           ],
                     *           "closed": [
                     *             9876832,
                     *             "..."
                     *           ],
                     *           "opened": [
                     *             8034270,
                     *             "..."
                     *           ]
                     *         },
                     *         "from": "!START_DATE!T12:00:00+00:00",
                     *         "next": "!START_DATE!T12:24:42+00:00",
                     *         "total_changes": 5125
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @description Uniquely identifies the request. Please provide this identifier when contacting support. */
                        request_id?: string;
                        /** AccommodationDetailsChangesDataOutput */
                        data?: {
                            /**
                             * AccommodationsDetailsChangesListOutput
                             * @description The list of changed accommodations.
                             */
                            changes?: {
                                changed?: number[];
                                closed?: number[];
                                opened?: number[];
                            };
                            /**
                             * Format: date-time
                             * @description ISO 8601 timestamp which indicates the timestamp from which the changes are returned (inclusive).
                             */
                            from?: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 timestamp which indicates the next timestamp to be used for `last_change`. This will be 1 second after the latest change returned in the result (all changes from the "last" second are returned). NOTE: this field will not be present unless changes are returned. In this case, repeat the call after one minute with the same `last_change` date.
                             */
                            next?: string;
                            /** @description Total number of changed accommodation ids returned. If 0, then repeat the call after one minute with the same `last_change` date. */
                            total_changes?: number;
                        };
                    };
                };
            };
        };
    };
    "/accommodations/reviews": {
        parameters: {
            query?: never;
            header: {
                /** @description Include here your Affiliate identifier number */
                "X-Affiliate-Id": components["parameters"]["AffiliateIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "accommodations": [
                 *         10004
                 *       ],
                 *       "languages": [
                 *         "en-gb"
                 *       ]
                 *     }
                 */
                "application/json": {
                    accommodations: number[];
                    /** @description Limits reviews to those written in this language. */
                    languages?: string[];
                    /**
                     * Format: date
                     * @description Limits the reviews to those changed after the given date. Format: YYYY-MM-DD.
                     */
                    last_change?: string;
                    /** @description Pagination token used to retrieve the next page of results. Obtained from `next_page`. */
                    page?: string;
                    /** AccommodationsReviewer */
                    reviewer?: {
                        /** @description Limits reviews to those written by reviewer from the given country. */
                        countries?: string[];
                        /** @description Limits reviews to those written by specific travel purposes. */
                        travel_purposes?: ("business" | "leisure")[];
                        /** @description Limits reviews to those written by specific reviewer type. */
                        types?: ("couple" | "extended_group" | "family_with_children" | "solo_traveller")[];
                    };
                    /**
                     * @description The maximum number of results to return.
                     * @default 100
                     */
                    rows?: number;
                    /** AccommodationsReviewScoreInput */
                    score?: {
                        /** @description Limits the reviews to those having score lesser or equal to this value. */
                        maximum?: number;
                        /** @description Limits the reviews to those having score greater or equal to this value. */
                        minimum?: number;
                    };
                };
            };
        };
        responses: {
            /** @description Successful response. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "01fr9ez700exycb98w90w5r9sh",
                     *       "data": [
                     *         {
                     *           "id": 10004,
                     *           "reviews": [
                     *             {
                     *               "id": 2130645894,
                     *               "date": "2023-04-12",
                     *               "language": "en-gb",
                     *               "negative": "front entrance is not clean (\nbreakfast was served not like a buffet, every time you have to ask a waiter to bring additional food.",
                     *               "positive": "beautiful hôtel in the central area",
                     *               "reviewer": {
                     *                 "country": "ch",
                     *                 "name": "Svetlana",
                     *                 "travel_purpose": "leisure",
                     *                 "type": "couple"
                     *               },
                     *               "score": 9,
                     *               "summary": "Fantastic hotel with kind personal who are providing hospitality and excellent service.",
                     *               "text_meets_guidelines": true
                     *             },
                     *             "..."
                     *           ],
                     *           "url": "https://www.booking.com/hotel/nl/toren.html?aid=!AFFILIATE_ID!#tab-reviews"
                     *         }
                     *       ],
                     *       "next_page": "..."
                     *     }
                     */
                    "application/json": {
                        /** @description Uniquely identifies the request. Please provide this identifier when contacting support. */
                        request_id?: string;
                        data?: {
                            /** @description A signed integer number that uniquely identifies an accommodation property. The full list can be obtained by calling [accommodations/details](/demand/docs/open-api/demand-api/accommodations/accommodations/details). */
                            id?: number;
                            reviews?: {
                                /** @description Unique identifier of the review. */
                                id?: number;
                                /**
                                 * Format: date
                                 * @description The date when the review was last modified. Format: YYYY-MM-DD.
                                 */
                                date?: string;
                                /**
                                 * @description An IETF language tag code that uniquely identifies a supported human language or dialect as described here: https://en.wikipedia.org/wiki/IETF_language_tag. Note that in v3 the whole tag is always lowercase. Examples: "nl" for Dutch/Nederlands or "en-us" for English (US). To retrieve the full list of supported languages, call the `/common/languages` endpoint in the same Demand API version you are using.
                                 * @example en-us
                                 */
                                language?: string;
                                /** @description Negative comments from this review. */
                                negative?: string | null;
                                /** @description Positive comments from this review. */
                                positive?: string | null;
                                /** AccommodationsReviewerOutput */
                                reviewer?: {
                                    /**
                                     * @description A two-letter code that uniquely identifies a country. This code is defined by the ISO 3166-1 alpha-2 standard (ISO2) as described here: https://en.wikipedia.org/wiki/ISO_3166-1_alpha-2. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/countries" target="_blank">common/locations/countries</a>.
                                     * @example nl
                                     */
                                    country?: string;
                                    /** @description Name of the reviewer. If the value is null then the reviewer is anonymous. */
                                    name?: string | null;
                                    /**
                                     * @description Defines if this was a leisure or business trip.
                                     * @enum {string}
                                     */
                                    travel_purpose?: "business" | "leisure";
                                    /**
                                     * @description The reviewer type.
                                     * @enum {string}
                                     */
                                    type?: "couple" | "extended_group" | "family_with_children" | "solo_traveller";
                                };
                                /** @description The aggregated score of the review. */
                                score?: number;
                                /** @description The summary of the review. */
                                summary?: string | null;
                                /** @description Set to true when review meets the guidelines. The review text will be removed if it doesn't meet guidelines. */
                                text_meets_guidelines?: boolean;
                            }[];
                            /**
                             * Format: url
                             * @description Internet address for the property page on Booking.com.
                             */
                            url?: string;
                        }[];
                        /** @description Indicates that more results are available. Use this pagination token to retrieve the next page of results (via parameter `page`). */
                        next_page?: string | null;
                    };
                };
            };
        };
    };
    "/accommodations/reviews/scores": {
        parameters: {
            query?: never;
            header: {
                /** @description Include here your Affiliate identifier number */
                "X-Affiliate-Id": components["parameters"]["AffiliateIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "accommodations": [
                 *         10004
                 *       ],
                 *       "languages": [
                 *         "en-gb"
                 *       ]
                 *     }
                 */
                "application/json": {
                    accommodations: number[];
                    /** @description Limits reviews to those written in this language. */
                    languages?: string[];
                    /** AccommodationsReviewer */
                    reviewer?: {
                        /** @description Limits reviews to those written by reviewer from the given country. */
                        countries?: string[];
                        /** @description Limits reviews to those written by specific travel purposes. */
                        travel_purposes?: ("business" | "leisure")[];
                        /** @description Limits reviews to those written by specific reviewer type. */
                        types?: ("couple" | "extended_group" | "family_with_children" | "solo_traveller")[];
                    };
                };
            };
        };
        responses: {
            /** @description Successful response. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "01fr9ez700exycb98w90w5r9sh",
                     *       "data": [
                     *         {
                     *           "id": 10004,
                     *           "breakdown": {
                     *             "cleanliness": {
                     *               "number_of_reviews": 243,
                     *               "score": 9.27
                     *             },
                     *             "comfort": {
                     *               "number_of_reviews": 242,
                     *               "score": 9.26
                     *             },
                     *             "facilities": {
                     *               "number_of_reviews": 242,
                     *               "score": 8.84
                     *             },
                     *             "free_wifi": {
                     *               "number_of_reviews": 24,
                     *               "score": 8.75
                     *             },
                     *             "location": {
                     *               "number_of_reviews": 242,
                     *               "score": 9.59
                     *             },
                     *             "staff": {
                     *               "number_of_reviews": 243,
                     *               "score": 9.63
                     *             },
                     *             "value_for_money": {
                     *               "number_of_reviews": 243,
                     *               "score": 8.25
                     *             }
                     *           },
                     *           "distribution": {
                     *             "1": {
                     *               "number_of_reviews": 1,
                     *               "percentage": 0.41
                     *             },
                     *             "2": {
                     *               "number_of_reviews": 0,
                     *               "percentage": 0
                     *             },
                     *             "3": {
                     *               "number_of_reviews": 2,
                     *               "percentage": 0.82
                     *             },
                     *             "4": {
                     *               "number_of_reviews": 2,
                     *               "percentage": 0.82
                     *             },
                     *             "5": {
                     *               "number_of_reviews": 5,
                     *               "percentage": 2.06
                     *             },
                     *             "6": {
                     *               "number_of_reviews": 3,
                     *               "percentage": 1.23
                     *             },
                     *             "7": {
                     *               "number_of_reviews": 18,
                     *               "percentage": 7.41
                     *             },
                     *             "8": {
                     *               "number_of_reviews": 41,
                     *               "percentage": 16.87
                     *             },
                     *             "9": {
                     *               "number_of_reviews": 67,
                     *               "percentage": 27.57
                     *             },
                     *             "10": {
                     *               "number_of_reviews": 104,
                     *               "percentage": 42.8
                     *             }
                     *           },
                     *           "number_of_reviews": 243,
                     *           "score": 8.9,
                     *           "url": "https://www.booking.com/hotel/nl/toren.html?aid=!AFFILIATE_ID!#tab-reviews"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description Uniquely identifies the request. Please provide this identifier when contacting support. */
                        request_id?: string;
                        data?: {
                            /** @description A signed integer number that uniquely identifies an accommodation property. The full list can be obtained by calling [accommodations/details](/demand/docs/open-api/demand-api/accommodations/accommodations/details). */
                            id?: number;
                            /**
                             * AccommodationsReviewsBreakdownOutput
                             * @description Review scores breakdown for each criteria. List of criteria includes: cleanliness, comfort, facilities, free_wifi, location, staff, value_for_money.
                             */
                            breakdown?: {
                                [key: string]: {
                                    /** @description Number of reviews for this criteria. */
                                    number_of_reviews?: number;
                                    /** @description A decimal number indicating the review score of this criteria, in the range 1..10. */
                                    score?: number;
                                };
                            };
                            /**
                             * AccommodationsReviewsDistributionOutput
                             * @description Overall score distribution for each score (1-10).
                             */
                            distribution?: {
                                [key: string]: {
                                    /** @description Number of reviews with this score. */
                                    number_of_reviews?: number;
                                    /** @description Percent of score distribution for this score. */
                                    percentage?: number;
                                };
                            };
                            /** @description Number of validated reviews for this accommodation. */
                            number_of_reviews?: number;
                            /** @description A decimal number indicating the current review score of this accommodation property, in the range 1..10. */
                            score?: number;
                            /**
                             * Format: url
                             * @description Internet address for the property page on Booking.com.
                             */
                            url?: string;
                        }[];
                    };
                };
            };
        };
    };
    "/common/languages": {
        parameters: {
            query?: never;
            header: {
                /** @description Include here your Affiliate identifier number */
                "X-Affiliate-Id": components["parameters"]["AffiliateIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "01fr9ez700exycb98w90w5r9sh",
                     *       "data": [
                     *         {
                     *           "id": "ar",
                     *           "name": "العربية"
                     *         },
                     *         "..."
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description Uniquely identifies the request. Please provide this identifier when contacting support. */
                        request_id?: string;
                        data?: {
                            /**
                             * @description An IETF language tag code that uniquely identifies a supported human language or dialect as described here: https://en.wikipedia.org/wiki/IETF_language_tag. Note that in v3 the whole tag is always lowercase. Examples: "nl" for Dutch/Nederlands or "en-us" for English (US). To retrieve the full list of supported languages, call the `/common/languages` endpoint in the same Demand API version you are using.
                             * @example en-us
                             */
                            id?: string;
                            name?: string;
                        }[];
                    };
                };
            };
        };
    };
    "/common/locations/airports": {
        parameters: {
            query?: never;
            header: {
                /** @description Include here your Affiliate identifier number */
                "X-Affiliate-Id": components["parameters"]["AffiliateIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "country": "nl",
                 *       "languages": [
                 *         "en-gb",
                 *         "zh-cn"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /**
                     * @description A three-letter code that uniquely identifies an airport as defined by the International Air Transport Association (IATA). The full list can be obtained by calling  <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/airports" target="_blank">common/locations/airports</a>.
                     * @example AMS
                     */
                    airport?: string;
                    /** @description A signed integer number that uniquely identifies a city. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/cities" target="_blank">common/locations/cities</a>. */
                    city?: number;
                    /**
                     * @description A two-letter code that uniquely identifies a country. This code is defined by the ISO 3166-1 alpha-2 standard (ISO2) as described here: https://en.wikipedia.org/wiki/ISO_3166-1_alpha-2. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/countries" target="_blank">common/locations/countries</a>.
                     * @example nl
                     */
                    country?: string;
                    /** @description A signed integer number that uniquely identifies a district. Typically, districts define known areas within a city. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/districts" target="_blank">common/locations/districts</a>. */
                    district?: number;
                    /** @description A signed integer number that uniquely identifies a relevant geographical landmark, like a monument or a natural attraction. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/landmarks" target="_blank">common/locations/landmarks</a>. */
                    landmark?: number;
                    /**
                     * @default [
                     *       "en-gb"
                     *     ]
                     */
                    languages?: string[];
                    /** @description Pagination token used to retrieve the next page of results. Obtained from `next_page`. */
                    page?: string;
                    /** @description A signed integer number that uniquely identifies a geographical region. Regions usually define official administrative areas within a country, but may also include multiple countries and in some cases un-official but popular designations for geographical areas. An example of a region that crosses multiple countries is the Alps in Europe. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/regions" target="_blank">common/locations/regions</a>. */
                    region?: number;
                    /**
                     * @description The maximum number of results to return.
                     * @default 100
                     */
                    rows?: number;
                };
            };
        };
        responses: {
            /** @description Successful response. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "01fr9ez700exycb98w90w5r9sh",
                     *       "data": [
                     *         {
                     *           "id": "AMS",
                     *           "name": {
                     *             "en-gb": "Schiphol Airport",
                     *             "zh-cn": "史基浦机场"
                     *           }
                     *         },
                     *         "..."
                     *       ],
                     *       "next_page": null
                     *     }
                     */
                    "application/json": {
                        /** @description Uniquely identifies the request. Please provide this identifier when contacting support. */
                        request_id?: string;
                        data?: {
                            /**
                             * @description A three-letter code that uniquely identifies an airport as defined by the International Air Transport Association (IATA). The full list can be obtained by calling  <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/airports" target="_blank">common/locations/airports</a>.
                             * @example AMS
                             */
                            id?: string;
                            /**
                             * TranslatedString
                             * @description A string localised in multiple languages.
                             */
                            name?: {
                                [key: string]: string | null;
                            };
                        }[];
                        /** @description Indicates that more results are available. Use this pagination token to retrieve the next page of results (via parameter `page`). - string - 'null' */
                        next_page?: unknown;
                    };
                };
            };
        };
    };
    "/common/locations/cities": {
        parameters: {
            query?: never;
            header: {
                /** @description Include here your Affiliate identifier number */
                "X-Affiliate-Id": components["parameters"]["AffiliateIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "country": "nl",
                 *       "languages": [
                 *         "en-gb",
                 *         "zh-cn"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /**
                     * @description A three-letter code that uniquely identifies an airport as defined by the International Air Transport Association (IATA). The full list can be obtained by calling  <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/airports" target="_blank">common/locations/airports</a>.
                     * @example AMS
                     */
                    airport?: string;
                    /** @description A signed integer number that uniquely identifies a city. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/cities" target="_blank">common/locations/cities</a>. */
                    city?: number;
                    /**
                     * @description A two-letter code that uniquely identifies a country. This code is defined by the ISO 3166-1 alpha-2 standard (ISO2) as described here: https://en.wikipedia.org/wiki/ISO_3166-1_alpha-2. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/countries" target="_blank">common/locations/countries</a>.
                     * @example nl
                     */
                    country?: string;
                    /** @description A signed integer number that uniquely identifies a district. Typically, districts define known areas within a city. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/districts" target="_blank">common/locations/districts</a>. */
                    district?: number;
                    /** @description A signed integer number that uniquely identifies a relevant geographical landmark, like a monument or a natural attraction. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/landmarks" target="_blank">common/locations/landmarks</a>. */
                    landmark?: number;
                    /**
                     * @default [
                     *       "en-gb"
                     *     ]
                     */
                    languages?: string[];
                    /** @description Pagination token used to retrieve the next page of results. Obtained from `next_page`. */
                    page?: string;
                    /** @description A signed integer number that uniquely identifies a geographical region. Regions usually define official administrative areas within a country, but may also include multiple countries and in some cases un-official but popular designations for geographical areas. An example of a region that crosses multiple countries is the Alps in Europe. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/regions" target="_blank">common/locations/regions</a>. */
                    region?: number;
                    /**
                     * @description The maximum number of results to return.
                     * @default 100
                     */
                    rows?: number;
                };
            };
        };
        responses: {
            /** @description Successful response. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "01fr9ez700exycb98w90w5r9sh",
                     *       "data": [
                     *         {
                     *           "id": -2156821,
                     *           "name": {
                     *             "zh-cn": "兹沃勒"
                     *           },
                     *           "coordinates": {
                     *             "latitude": 52.378281,
                     *             "longitude": 4.90007
                     *           }
                     *         },
                     *         "..."
                     *       ],
                     *       "next_page": "..."
                     *     }
                     */
                    "application/json": {
                        /** @description Uniquely identifies the request. Please provide this identifier when contacting support. */
                        request_id?: string;
                        data?: {
                            /** @description A signed integer number that uniquely identifies a city. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/cities" target="_blank">common/locations/cities</a>. */
                            id?: number;
                            /**
                             * TranslatedString
                             * @description A string localised in multiple languages.
                             */
                            name?: {
                                [key: string]: string | null;
                            };
                            /** Coordinates */
                            coordinates?: {
                                /** Format: double */
                                latitude?: number;
                                /** Format: double */
                                longitude?: number;
                            };
                        }[];
                        /** @description Indicates that more results are available. Use this pagination token to retrieve the next page of results (via parameter `page`). */
                        next_page?: string | null;
                    };
                };
            };
        };
    };
    "/common/locations/countries": {
        parameters: {
            query?: never;
            header: {
                /** @description Include here your Affiliate identifier number */
                "X-Affiliate-Id": components["parameters"]["AffiliateIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "languages": [
                 *         "en-gb",
                 *         "zh-cn"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /**
                     * @description A three-letter code that uniquely identifies an airport as defined by the International Air Transport Association (IATA). The full list can be obtained by calling  <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/airports" target="_blank">common/locations/airports</a>.
                     * @example AMS
                     */
                    airport?: string;
                    /** @description A signed integer number that uniquely identifies a city. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/cities" target="_blank">common/locations/cities</a>. */
                    city?: number;
                    /**
                     * @description A two-letter code that uniquely identifies a country. This code is defined by the ISO 3166-1 alpha-2 standard (ISO2) as described here: https://en.wikipedia.org/wiki/ISO_3166-1_alpha-2. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/countries" target="_blank">common/locations/countries</a>.
                     * @example nl
                     */
                    country?: string;
                    /** @description A signed integer number that uniquely identifies a district. Typically, districts define known areas within a city. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/districts" target="_blank">common/locations/districts</a>. */
                    district?: number;
                    /** @description A signed integer number that uniquely identifies a relevant geographical landmark, like a monument or a natural attraction. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/landmarks" target="_blank">common/locations/landmarks</a>. */
                    landmark?: number;
                    /**
                     * @default [
                     *       "en-gb"
                     *     ]
                     */
                    languages?: string[];
                    /** @description Pagination token used to retrieve the next page of results. Obtained from `next_page`. */
                    page?: string;
                    /** @description A signed integer number that uniquely identifies a geographical region. Regions usually define official administrative areas within a country, but may also include multiple countries and in some cases un-official but popular designations for geographical areas. An example of a region that crosses multiple countries is the Alps in Europe. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/regions" target="_blank">common/locations/regions</a>. */
                    region?: number;
                    /**
                     * @description The maximum number of results to return.
                     * @default 100
                     */
                    rows?: number;
                };
            };
        };
        responses: {
            /** @description Successful response. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "01fr9ez700exycb98w90w5r9sh",
                     *       "data": [
                     *         {
                     *           "id": "ad",
                     *           "name": {
                     *             "en-gb": "Andorra",
                     *             "zh-cn": "安道尔"
                     *           }
                     *         },
                     *         "..."
                     *       ],
                     *       "next_page": "..."
                     *     }
                     */
                    "application/json": {
                        /** @description Uniquely identifies the request. Please provide this identifier when contacting support. */
                        request_id?: string;
                        data?: {
                            /**
                             * @description A two-letter code that uniquely identifies a country. This code is defined by the ISO 3166-1 alpha-2 standard (ISO2) as described here: https://en.wikipedia.org/wiki/ISO_3166-1_alpha-2. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/countries" target="_blank">common/locations/countries</a>.
                             * @example nl
                             */
                            id?: string;
                            /**
                             * TranslatedString
                             * @description A string localised in multiple languages.
                             */
                            name?: {
                                [key: string]: string | null;
                            };
                        }[];
                        /** @description Indicates that more results are available. Use this pagination token to retrieve the next page of results (via parameter `page`). */
                        next_page?: string | null;
                    };
                };
            };
        };
    };
    "/common/locations/districts": {
        parameters: {
            query?: never;
            header: {
                /** @description Include here your Affiliate identifier number */
                "X-Affiliate-Id": components["parameters"]["AffiliateIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "city": -2140479,
                 *       "languages": [
                 *         "en-gb",
                 *         "zh-cn"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /**
                     * @description A three-letter code that uniquely identifies an airport as defined by the International Air Transport Association (IATA). The full list can be obtained by calling  <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/airports" target="_blank">common/locations/airports</a>.
                     * @example AMS
                     */
                    airport?: string;
                    /** @description A signed integer number that uniquely identifies a city. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/cities" target="_blank">common/locations/cities</a>. */
                    city?: number;
                    /**
                     * @description A two-letter code that uniquely identifies a country. This code is defined by the ISO 3166-1 alpha-2 standard (ISO2) as described here: https://en.wikipedia.org/wiki/ISO_3166-1_alpha-2. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/countries" target="_blank">common/locations/countries</a>.
                     * @example nl
                     */
                    country?: string;
                    /** @description A signed integer number that uniquely identifies a district. Typically, districts define known areas within a city. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/districts" target="_blank">common/locations/districts</a>. */
                    district?: number;
                    /** @description A signed integer number that uniquely identifies a relevant geographical landmark, like a monument or a natural attraction. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/landmarks" target="_blank">common/locations/landmarks</a>. */
                    landmark?: number;
                    /**
                     * @default [
                     *       "en-gb"
                     *     ]
                     */
                    languages?: string[];
                    /** @description Pagination token used to retrieve the next page of results. Obtained from `next_page`. */
                    page?: string;
                    /** @description A signed integer number that uniquely identifies a geographical region. Regions usually define official administrative areas within a country, but may also include multiple countries and in some cases un-official but popular designations for geographical areas. An example of a region that crosses multiple countries is the Alps in Europe. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/regions" target="_blank">common/locations/regions</a>. */
                    region?: number;
                    /**
                     * @description The maximum number of results to return.
                     * @default 100
                     */
                    rows?: number;
                };
            };
        };
        responses: {
            /** @description Successful response. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "01fr9ez700exycb98w90w5r9sh",
                     *       "data": [
                     *         {
                     *           "id": 145,
                     *           "name": {
                     *             "en-gb": "Amsterdam City Centre",
                     *             "zh-cn": "阿姆斯特丹市中心"
                     *           },
                     *           "coordinates": {
                     *             "latitude": 52.378281,
                     *             "longitude": 4.90007
                     *           }
                     *         },
                     *         "..."
                     *       ],
                     *       "next_page": null
                     *     }
                     */
                    "application/json": {
                        /** @description Uniquely identifies the request. Please provide this identifier when contacting support. */
                        request_id?: string;
                        data?: {
                            /** @description A signed integer number that uniquely identifies a district. Typically, districts define known areas within a city. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/districts" target="_blank">common/locations/districts</a>. */
                            id?: number;
                            /**
                             * TranslatedString
                             * @description A string localised in multiple languages.
                             */
                            name?: {
                                [key: string]: string | null;
                            };
                            /** Coordinates */
                            coordinates?: {
                                /** Format: double */
                                latitude?: number;
                                /** Format: double */
                                longitude?: number;
                            };
                        }[];
                        /** @description Indicates that more results are available. Use this pagination token to retrieve the next page of results (via parameter `page`). */
                        next_page?: string | null;
                    };
                };
            };
        };
    };
    "/common/locations/landmarks": {
        parameters: {
            query?: never;
            header: {
                /** @description Include here your Affiliate identifier number */
                "X-Affiliate-Id": components["parameters"]["AffiliateIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "city": -2140479,
                 *       "languages": [
                 *         "en-gb",
                 *         "zh-cn"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /**
                     * @description A three-letter code that uniquely identifies an airport as defined by the International Air Transport Association (IATA). The full list can be obtained by calling  <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/airports" target="_blank">common/locations/airports</a>.
                     * @example AMS
                     */
                    airport?: string;
                    /** @description A signed integer number that uniquely identifies a city. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/cities" target="_blank">common/locations/cities</a>. */
                    city?: number;
                    /**
                     * @description A two-letter code that uniquely identifies a country. This code is defined by the ISO 3166-1 alpha-2 standard (ISO2) as described here: https://en.wikipedia.org/wiki/ISO_3166-1_alpha-2. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/countries" target="_blank">common/locations/countries</a>.
                     * @example nl
                     */
                    country?: string;
                    /** @description A signed integer number that uniquely identifies a district. Typically, districts define known areas within a city. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/districts" target="_blank">common/locations/districts</a>. */
                    district?: number;
                    /** @description A signed integer number that uniquely identifies a relevant geographical landmark, like a monument or a natural attraction. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/landmarks" target="_blank">common/locations/landmarks</a>. */
                    landmark?: number;
                    /**
                     * @default [
                     *       "en-gb"
                     *     ]
                     */
                    languages?: string[];
                    /** @description Pagination token used to retrieve the next page of results. Obtained from `next_page`. */
                    page?: string;
                    /** @description A signed integer number that uniquely identifies a geographical region. Regions usually define official administrative areas within a country, but may also include multiple countries and in some cases un-official but popular designations for geographical areas. An example of a region that crosses multiple countries is the Alps in Europe. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/regions" target="_blank">common/locations/regions</a>. */
                    region?: number;
                    /**
                     * @description The maximum number of results to return.
                     * @default 100
                     */
                    rows?: number;
                };
            };
        };
        responses: {
            /** @description Successful response. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "01fr9ez700exycb98w90w5r9sh",
                     *       "data": [
                     *         {
                     *           "id": 1,
                     *           "coordinates": {
                     *             "latitude": 52.378281,
                     *             "longitude": 4.90007
                     *           },
                     *           "name": {
                     *             "en-gb": "Amsterdam Central Station",
                     *             "zh-cn": "阿姆斯特丹中央车站"
                     *           }
                     *         },
                     *         "..."
                     *       ],
                     *       "next_page": "..."
                     *     }
                     */
                    "application/json": {
                        /** @description Uniquely identifies the request. Please provide this identifier when contacting support. */
                        request_id?: string;
                        data?: {
                            /** @description A signed integer number that uniquely identifies a relevant geographical landmark, like a monument or a natural attraction. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/landmarks" target="_blank">common/locations/landmarks</a>. */
                            id?: number;
                            /**
                             * TranslatedString
                             * @description A string localised in multiple languages.
                             */
                            name?: {
                                [key: string]: string | null;
                            };
                            /** Coordinates */
                            coordinates?: {
                                /** Format: double */
                                latitude?: number;
                                /** Format: double */
                                longitude?: number;
                            };
                        }[];
                        /** @description Indicates that more results are available. Use this pagination token to retrieve the next page of results (via parameter `page`). */
                        next_page?: string | null;
                    };
                };
            };
        };
    };
    "/common/locations/regions": {
        parameters: {
            query?: never;
            header: {
                /** @description Include here your Affiliate identifier number */
                "X-Affiliate-Id": components["parameters"]["AffiliateIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "country": "nl",
                 *       "languages": [
                 *         "en-gb",
                 *         "zh-cn"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /**
                     * @description A three-letter code that uniquely identifies an airport as defined by the International Air Transport Association (IATA). The full list can be obtained by calling  <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/airports" target="_blank">common/locations/airports</a>.
                     * @example AMS
                     */
                    airport?: string;
                    /** @description A signed integer number that uniquely identifies a city. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/cities" target="_blank">common/locations/cities</a>. */
                    city?: number;
                    /**
                     * @description A two-letter code that uniquely identifies a country. This code is defined by the ISO 3166-1 alpha-2 standard (ISO2) as described here: https://en.wikipedia.org/wiki/ISO_3166-1_alpha-2. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/countries" target="_blank">common/locations/countries</a>.
                     * @example nl
                     */
                    country?: string;
                    /** @description A signed integer number that uniquely identifies a relevant geographical landmark, like a monument or a natural attraction. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/landmarks" target="_blank">common/locations/landmarks</a>. */
                    landmark?: number;
                    /**
                     * @default [
                     *       "en-gb"
                     *     ]
                     */
                    languages?: string[];
                    /** @description Pagination token used to retrieve the next page of results. Obtained from `next_page`. */
                    page?: string;
                    /** @description A signed integer number that uniquely identifies a geographical region. Regions usually define official administrative areas within a country, but may also include multiple countries and in some cases un-official but popular designations for geographical areas. An example of a region that crosses multiple countries is the Alps in Europe. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/regions" target="_blank">common/locations/regions</a>. */
                    region?: number;
                    /**
                     * @description The maximum number of results to return.
                     * @default 100
                     */
                    rows?: number;
                };
            };
        };
        responses: {
            /** @description Successful response. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "01fr9ez700exycb98w90w5r9sh",
                     *       "data": [
                     *         {
                     *           "id": 1003,
                     *           "name": {
                     *             "en-gb": "Drenthe",
                     *             "zh-cn": "德伦特省"
                     *           }
                     *         },
                     *         "..."
                     *       ],
                     *       "next_page": null
                     *     }
                     */
                    "application/json": {
                        /** @description Uniquely identifies the request. Please provide this identifier when contacting support. */
                        request_id?: string;
                        data?: {
                            /** @description A signed integer number that uniquely identifies a geographical region. Regions usually define official administrative areas within a country, but may also include multiple countries and in some cases un-official but popular designations for geographical areas. An example of a region that crosses multiple countries is the Alps in Europe. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/regions" target="_blank">common/locations/regions</a>. */
                            id?: number;
                            /**
                             * TranslatedString
                             * @description A string localised in multiple languages.
                             */
                            name?: {
                                [key: string]: string | null;
                            };
                        }[];
                        /** @description Indicates that more results are available. Use this pagination token to retrieve the next page of results (via parameter `page`). */
                        next_page?: string | null;
                    };
                };
            };
        };
    };
    "/common/payments/cards": {
        parameters: {
            query?: never;
            header: {
                /** @description Include here your Affiliate identifier number */
                "X-Affiliate-Id": components["parameters"]["AffiliateIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "01fr9ez700exycb98w90w5r9sh",
                     *       "data": [
                     *         {
                     *           "id": 1,
                     *           "name": "American Express"
                     *         },
                     *         "..."
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description Uniquely identifies the request. Please provide this identifier when contacting support. */
                        request_id?: string;
                        data?: {
                            /** @description A signed integer number that uniquely identifies a payment type. Examples of payment types are the different credit and debit cards. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonpayments/common/payments/cards" target="_blank">common/payments/cards</a>. */
                            id?: number;
                            name?: string;
                        }[];
                    };
                };
            };
        };
    };
    "/common/payments/currencies": {
        parameters: {
            query?: never;
            header: {
                /** @description Include here your Affiliate identifier number */
                "X-Affiliate-Id": components["parameters"]["AffiliateIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "languages": [
                 *         "en-gb",
                 *         "zh-cn"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /**
                     * @default [
                     *       "en-gb"
                     *     ]
                     */
                    languages?: string[];
                };
            };
        };
        responses: {
            /** @description Successful response. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "01fr9ez700exycb98w90w5r9sh",
                     *       "data": [
                     *         {
                     *           "id": "AED",
                     *           "name": {
                     *             "en-gb": "U.A.E. dirham",
                     *             "zh-cn": "阿联酋迪拉姆"
                     *           }
                     *         },
                     *         "..."
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description Uniquely identifies the request. Please provide this identifier when contacting support. */
                        request_id?: string;
                        data?: {
                            /**
                             * @description A three-letter code that uniquely identifies a monetary currency as defined by the ISO 4217 standard. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonpayments/common/payments/currencies" target="_blank">common/payments/currencies</a>.
                             * @example EUR
                             */
                            id?: string;
                            /**
                             * TranslatedString
                             * @description A string localised in multiple languages.
                             */
                            name?: {
                                [key: string]: string | null;
                            };
                        }[];
                    };
                };
            };
        };
    };
    "/orders/preview": {
        parameters: {
            query?: never;
            header: {
                /** @description Include here your Affiliate identifier number */
                "X-Affiliate-Id": components["parameters"]["AffiliateIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "booker": {
                 *         "country": "nl",
                 *         "platform": "mobile",
                 *         "travel_purpose": "leisure",
                 *         "user_groups": [
                 *           "authenticated"
                 *         ]
                 *       },
                 *       "currency": "EUR",
                 *       "accommodation": {
                 *         "id": 6745031,
                 *         "checkin": "!START_DATE!",
                 *         "checkout": "!END_DATE!",
                 *         "products": [
                 *           {
                 *             "id": "674503106_275710478_0_2_0",
                 *             "allocation": {
                 *               "number_of_adults": 1,
                 *               "children": [
                 *                 8
                 *               ]
                 *             }
                 *           },
                 *           {
                 *             "id": "674503113_275710486_0_1_0",
                 *             "allocation": {
                 *               "number_of_adults": 1,
                 *               "children": []
                 *             }
                 *           }
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * OrdersPreviewBookerOutput
                     * @description The booker's information.
                     */
                    booker: {
                        /** @description The booker country for showing the best price for that user and obeying laws regarding the display of taxes and fees. */
                        country: string;
                        /**
                         * @description The booker platform for showing the platform based deals and prices.
                         * @enum {string}
                         */
                        platform: "android" | "desktop" | "ios" | "mobile" | "tablet";
                        /**
                         * @description The travel purpose of the booker.
                         * @enum {string}
                         */
                        travel_purpose?: "business" | "leisure";
                        /** @description The user groups that the booker is a member of. */
                        user_groups?: "authenticated"[];
                    };
                    /**
                     * @description A three-letter code that uniquely identifies a monetary currency as defined by the ISO 4217 standard. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonpayments/common/payments/currencies" target="_blank">common/payments/currencies</a>.
                     * @example EUR
                     */
                    currency?: string;
                    /**
                     * OrdersPreviewAccommodationInput
                     * @description Input parameter with the checkin and checkout date and all the accommodation products to be ordered.
                     */
                    accommodation: {
                        /** @description A signed integer number that uniquely identifies an accommodation property. The full list can be obtained by calling [accommodations/details](/demand/docs/open-api/demand-api/accommodations/accommodations/details). */
                        id?: number;
                        /**
                         * Format: date
                         * @description The checkin date. Must be within 500 days in the future and in the format yyyy-mm-dd.
                         */
                        checkin?: string;
                        /**
                         * Format: date
                         * @description The checkout date. Must be later than {checkin}. Must be between 1 and 90 days after {checkin}. Must be within 500 days in the future and in the format yyyy-mm-dd.
                         */
                        checkout?: string;
                        products?: {
                            /** @description Unique ID of the product. */
                            id?: string;
                            /**
                             * OrdersPreviewAccommodationAllocationOutput
                             * @description The exact allocation of guests to a room.
                             */
                            allocation?: {
                                /** @description The children ages for this room. */
                                children?: number[];
                                /** @description The number of adults for this room. */
                                number_of_adults: number;
                            };
                        }[];
                    };
                };
            };
        };
        responses: {
            /** @description Successful response. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "01fr9ez700exycb98w90w5r9sh",
                     *       "data": {
                     *         "accommodation": {
                     *           "id": 6745031,
                     *           "currency": {
                     *             "accommodation": "EUR",
                     *             "booker": null
                     *           },
                     *           "general_policies": {
                     *             "payment": {
                     *               "pay_online_now": {
                     *                 "dates": [
                     *                   {
                     *                     "at": "!TODAY!",
                     *                     "price": {
                     *                       "accommodation_currency": 177.65,
                     *                       "booker_currency": null
                     *                     }
                     *                   }
                     *                 ],
                     *                 "method_required": false,
                     *                 "methods": {
                     *                   "airplus": true,
                     *                   "cards": [
                     *                     1,
                     *                     2,
                     *                     3
                     *                   ],
                     *                   "wallet": true
                     *                 }
                     *               },
                     *               "pay_online_later": {
                     *                 "dates": [
                     *                   {
                     *                     "at": "!TODAY!",
                     *                     "price": {
                     *                       "accommodation_currency": 0,
                     *                       "booker_currency": null
                     *                     }
                     *                   },
                     *                   {
                     *                     "at": "!START_DATE-2!",
                     *                     "price": {
                     *                       "accommodation_currency": 177.65,
                     *                       "booker_currency": null
                     *                     }
                     *                   },
                     *                   {
                     *                     "at": "!START_DATE!",
                     *                     "price": {
                     *                       "accommodation_currency": 0,
                     *                       "booker_currency": null
                     *                     }
                     *                   }
                     *                 ],
                     *                 "method_required": false,
                     *                 "methods": {
                     *                   "airplus": true,
                     *                   "cards": [
                     *                     1,
                     *                     2,
                     *                     3,
                     *                     5
                     *                   ],
                     *                   "wallet": true
                     *                 }
                     *               },
                     *               "pay_at_the_property": {
                     *                 "dates": [
                     *                   {
                     *                     "at": "!TODAY!",
                     *                     "price": {
                     *                       "accommodation_currency": 0,
                     *                       "booker_currency": null
                     *                     }
                     *                   },
                     *                   {
                     *                     "at": "!START_DATE!",
                     *                     "price": {
                     *                       "accommodation_currency": 177.65,
                     *                       "booker_currency": null
                     *                     }
                     *                   }
                     *                 ],
                     *                 "method_required": true,
                     *                 "methods": {
                     *                   "airplus": true,
                     *                   "cards": [
                     *                     1,
                     *                     2
                     *                   ],
                     *                   "wallet": false
                     *                 }
                     *               }
                     *             }
                     *           },
                     *           "price": {
                     *             "base": {
                     *               "accommodation_currency": 100,
                     *               "booker_currency": null
                     *             },
                     *             "chargeable_online": {
                     *               "accommodation_currency": 100,
                     *               "booker_currency": null
                     *             },
                     *             "total": {
                     *               "accommodation_currency": 123,
                     *               "booker_currency": null
                     *             },
                     *             "extra_charges": {
                     *               "conditional": [],
                     *               "non_conditional": [
                     *                 {
                     *                   "charge": 142,
                     *                   "chargeable_online": true,
                     *                   "total_amount": {
                     *                     "accommodation_currency": 6,
                     *                     "booker_currency": null
                     *                   }
                     *                 },
                     *                 {
                     *                   "charge": 21,
                     *                   "chargeable_online": false,
                     *                   "total_amount": {
                     *                     "accommodation_currency": 14.67,
                     *                     "booker_currency": null
                     *                   }
                     *                 },
                     *                 {
                     *                   "charge": 22,
                     *                   "chargeable_online": true,
                     *                   "total_amount": {
                     *                     "accommodation_currency": 11.41,
                     *                     "booker_currency": null
                     *                   }
                     *                 }
                     *               ]
                     *             }
                     *           },
                     *           "products": [
                     *             {
                     *               "id": "1000420_278556531_2_0_0",
                     *               "bundle": null,
                     *               "deal": null,
                     *               "inventory": {
                     *                 "third_party": false,
                     *                 "type": "sell"
                     *               },
                     *               "policies": {
                     *                 "cancellation": [
                     *                   {
                     *                     "from": "now",
                     *                     "price": {
                     *                       "accommodation_currency": 0,
                     *                       "booker_currency": null
                     *                     }
                     *                   },
                     *                   {
                     *                     "from": "!START_DATE-2!T22:00:00+00:00",
                     *                     "price": {
                     *                       "accommodation_currency": 177.65,
                     *                       "booker_currency": null
                     *                     }
                     *                   }
                     *                 ],
                     *                 "meal_plan": {
                     *                   "meals": [],
                     *                   "plan": "no_plan"
                     *                 }
                     *               },
                     *               "price": {
                     *                 "base": {
                     *                   "accommodation_currency": 155.96,
                     *                   "booker_currency": null
                     *                 },
                     *                 "chargeable_online": {
                     *                   "accommodation_currency": 186.92,
                     *                   "booker_currency": null
                     *                 },
                     *                 "extra_charges": {
                     *                   "conditional": [],
                     *                   "non_conditional": [
                     *                     {
                     *                       "charge": 142,
                     *                       "chargeable_online": true,
                     *                       "mode": "per_person_per_night",
                     *                       "percentage": null,
                     *                       "total_amount": {
                     *                         "accommodation_currency": 6,
                     *                         "booker_currency": null
                     *                       },
                     *                       "unit_amount": 3
                     *                     },
                     *                     {
                     *                       "charge": 21,
                     *                       "chargeable_online": false,
                     *                       "mode": "percentage",
                     *                       "percentage": 9,
                     *                       "total_amount": {
                     *                         "accommodation_currency": 14.04,
                     *                         "booker_currency": null
                     *                       },
                     *                       "unit_amount": null
                     *                     },
                     *                     {
                     *                       "charge": 22,
                     *                       "chargeable_online": true,
                     *                       "mode": "percentage",
                     *                       "percentage": 7,
                     *                       "total_amount": {
                     *                         "accommodation_currency": 10.92,
                     *                         "booker_currency": null
                     *                       },
                     *                       "unit_amount": null
                     *                     }
                     *                   ]
                     *                 },
                     *                 "total": {
                     *                   "accommodation_currency": 186.92,
                     *                   "booker_currency": null
                     *                 }
                     *               },
                     *               "third_party_inventory": false
                     *             },
                     *             {
                     *               "id": "tpi-1000420_95127794_2_0_0",
                     *               "deal": null,
                     *               "inventory": {
                     *                 "third_party": true,
                     *                 "type": "sell"
                     *               },
                     *               "policies": {
                     *                 "cancellation": [
                     *                   {
                     *                     "from": "now",
                     *                     "price": {
                     *                       "accommodation_currency": 170,
                     *                       "booker_currency": null
                     *                     }
                     *                   }
                     *                 ],
                     *                 "meal_plan": {
                     *                   "meals": [],
                     *                   "plan": "no_plan"
                     *                 }
                     *               },
                     *               "price": {
                     *                 "base": {
                     *                   "accommodation_currency": 162.98,
                     *                   "booker_currency": null
                     *                 },
                     *                 "extra_charges": {
                     *                   "conditional": [
                     *                     {
                     *                       "charge": 3,
                     *                       "condition": 30,
                     *                       "mode": "per_stay",
                     *                       "percentage": null,
                     *                       "total_amount": {
                     *                         "accommodation_currency": 10,
                     *                         "booker_currency": null
                     *                       },
                     *                       "unit_amount": null
                     *                     }
                     *                   ],
                     *                   "non_conditional": [
                     *                     {
                     *                       "charge": 142,
                     *                       "mode": "per_person_per_night",
                     *                       "percentage": null,
                     *                       "total_amount": {
                     *                         "accommodation_currency": 6,
                     *                         "booker_currency": null
                     *                       },
                     *                       "unit_amount": {
                     *                         "accommodation_currency": 3,
                     *                         "booker_currency": null
                     *                       }
                     *                     },
                     *                     {
                     *                       "charge": 21,
                     *                       "mode": "percentage",
                     *                       "percentage": 9,
                     *                       "total_amount": {
                     *                         "accommodation_currency": 14.67,
                     *                         "booker_currency": null
                     *                       },
                     *                       "unit_amount": null
                     *                     },
                     *                     {
                     *                       "charge": 22,
                     *                       "mode": "percentage",
                     *                       "percentage": 7,
                     *                       "total_amount": {
                     *                         "accommodation_currency": 11.41,
                     *                         "booker_currency": null
                     *                       },
                     *                       "unit_amount": null
                     *                     }
                     *                   ]
                     *                 },
                     *                 "total": {
                     *                   "accommodation_currency": 195.06,
                     *                   "booker_currency": null
                     *                 }
                     *               },
                     *               "third_party_inventory": true
                     *             }
                     *           ]
                     *         },
                     *         "order_token": "..."
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @description Uniquely identifies the request. Please provide this identifier when contacting support. */
                        request_id?: string;
                        /** OrdersPreviewDataOutput */
                        data?: {
                            /**
                             * OrdersPreviewAccommodationOutput
                             * @description The products to order related to an accommodation
                             */
                            accommodation?: {
                                /** @description A signed integer number that uniquely identifies an accommodation property. The full list can be obtained by calling [accommodations/details](/demand/docs/open-api/demand-api/accommodations/accommodations/details). */
                                id?: number;
                                /** OrdersPreviewCurrencyOutput */
                                currency?: {
                                    /**
                                     * @description A three-letter code that uniquely identifies a monetary currency as defined by the ISO 4217 standard. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonpayments/common/payments/currencies" target="_blank">common/payments/currencies</a>.
                                     * @example EUR
                                     */
                                    accommodation?: string;
                                    /**
                                     * @description A three-letter code that uniquely identifies a monetary currency as defined by the ISO 4217 standard. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonpayments/common/payments/currencies" target="_blank">common/payments/currencies</a>.
                                     * @example EUR
                                     */
                                    booker?: string;
                                };
                                general_policies?: {
                                    /** AccommodationsProductPaymentTimingsDates */
                                    payment?: {
                                        /** AccommodationsPayOnlineNow */
                                        pay_online_now?: {
                                            /** @description Schedule specifying the instalments for paying the order for the "pay_online_now" option. For each,entry in the schedule, a charge will be made at the time of that entry. */
                                            dates?: {
                                                /**
                                                 * Format: date
                                                 * @description The date at which this instalment will be charged.
                                                 */
                                                at?: string;
                                                /**
                                                 * AccommodationsPriceCurrency
                                                 * @description The amount charged in this instalment.
                                                 */
                                                price?: {
                                                    /** Format: double */
                                                    accommodation_currency?: number;
                                                    /** Format: double */
                                                    booker_currency?: number;
                                                };
                                            }[];
                                            /** @description Whether a payment method is required for this payment timing. */
                                            method_required?: boolean;
                                            /**
                                             * AccommodationsPaymentMethods
                                             * @description The payment methods available for the payment timing selected.
                                             */
                                            methods?: {
                                                /** @description Whether airplus can be used as a payment method for this order. */
                                                airplus?: boolean;
                                                /** @description The cards available to pay. */
                                                cards?: number[];
                                                /** @description Whether wallet can be used as a payment method for this order. */
                                                wallet?: boolean;
                                            } | null;
                                        } | null;
                                        /** AccommodationsPayOnlineLater */
                                        pay_online_later?: {
                                            /** @description Schedule specifying the instalments for paying the order for this product for the "pay_online_later" option.  For each entry in the schedule, a charge will be made at the time of that entry. */
                                            dates?: {
                                                /**
                                                 * Format: date
                                                 * @description The date at which this instalment will be charged.
                                                 */
                                                at?: string;
                                                /**
                                                 * AccommodationsPriceCurrency
                                                 * @description The amount charged in this instalment.
                                                 */
                                                price?: {
                                                    /** Format: double */
                                                    accommodation_currency?: number;
                                                    /** Format: double */
                                                    booker_currency?: number;
                                                };
                                            }[];
                                            /** @description Whether a payment method is required for this payment timing. */
                                            method_required?: boolean;
                                            /**
                                             * AccommodationsPaymentMethods
                                             * @description The payment methods available for the payment timing selected.
                                             */
                                            methods?: {
                                                /** @description Whether airplus can be used as a payment method for this order. */
                                                airplus?: boolean;
                                                /** @description The cards available to pay. */
                                                cards?: number[];
                                                /** @description Whether wallet can be used as a payment method for this order. */
                                                wallet?: boolean;
                                            } | null;
                                        } | null;
                                        /** AccommodationsPayAtTheProperty */
                                        pay_at_the_property?: {
                                            /** @description Schedule specifying the instalments for paying the order for this product for the "pay_at_the_property" option.  For each entry in the schedule, a charge will be made at the time of that entry. */
                                            dates?: {
                                                /**
                                                 * Format: date
                                                 * @description The date at which this instalment will be charged.
                                                 */
                                                at?: string;
                                                /**
                                                 * AccommodationsPriceCurrency
                                                 * @description The amount charged in this instalment.
                                                 */
                                                price?: {
                                                    /** Format: double */
                                                    accommodation_currency?: number;
                                                    /** Format: double */
                                                    booker_currency?: number;
                                                };
                                            }[];
                                            /** @description Whether a payment method is required for this payment timing. */
                                            method_required?: boolean;
                                            /**
                                             * AccommodationsPaymentMethods
                                             * @description The payment methods available for the payment timing selected.
                                             */
                                            methods?: {
                                                /** @description Whether airplus can be used as a payment method for this order. */
                                                airplus?: boolean;
                                                /** @description The cards available to pay. */
                                                cards?: number[];
                                                /** @description Whether wallet can be used as a payment method for this order. */
                                                wallet?: boolean;
                                            } | null;
                                        } | null;
                                    };
                                };
                                /**
                                 * OrdersPreviewProductSumPriceOutput
                                 * @description The price components of all the products selected summed
                                 */
                                price?: {
                                    /**
                                     * AccommodationsPriceCurrency
                                     * @description The sum base price of all products selected. Does not include any extra charges.
                                     */
                                    base?: {
                                        /** Format: double */
                                        accommodation_currency?: number;
                                        /** Format: double */
                                        booker_currency?: number;
                                    };
                                    /**
                                     * AccommodationsPriceCurrency
                                     * @description The price that will be charged by Booking.com when online payments are used. This field does not apply to the "pay_at_the_property" timing.
                                     */
                                    chargeable_online?: {
                                        /** Format: double */
                                        accommodation_currency?: number;
                                        /** Format: double */
                                        booker_currency?: number;
                                    };
                                    /**
                                     * AccommodationsPriceCurrency
                                     * @description The total sum price. Includes all extra charges of all products.
                                     */
                                    total?: {
                                        /** Format: double */
                                        accommodation_currency?: number;
                                        /** Format: double */
                                        booker_currency?: number;
                                    };
                                    /** @description The sum of charges for all products selected, grouped by charge type. */
                                    extra_charges?: unknown;
                                };
                                products?: {
                                    /** @description Unique ID of the product. */
                                    id?: string;
                                    /** @description The bundle ID of the product comprising of value added products. */
                                    bundle?: number;
                                    /**
                                     * Deal
                                     * @description This specifies the deal tagging for the product.
                                     */
                                    deal?: {
                                        /** @description Discount percentage of the applied deal. */
                                        discount_percentage?: number;
                                        /**
                                         * Format: double
                                         * @description Original price of this product, before applying any discounts.
                                         */
                                        public_price?: number;
                                        /** @description The tags of all the applied deals. */
                                        tags?: ("black_friday" | "limited_time_deal" | "logged_in_deal" | "mobile_rate" | "seasonal_deal")[];
                                    } | null;
                                    /** InventoryOutput */
                                    inventory?: {
                                        /** @description Boolean value is "true" if the product is facilitated by a Booking.com partner company and "false" otherwise. */
                                        third_party?: boolean;
                                        /**
                                         * @description Type of inventory - either net or sell rates.
                                         * @enum {string}
                                         */
                                        type?: "net" | "sell";
                                    };
                                    /**
                                     * AccommodationsProductDetailedPoliciesMultiCurrency
                                     * @description The policies for this product.
                                     */
                                    policies?: {
                                        /** @description The cancellation policy schedule for this product. */
                                        cancellation?: {
                                            /** @description The time from which this cancellation fee applies. `now` means from booking time. */
                                            from?: string | null;
                                            /**
                                             * AccommodationsPriceCurrency
                                             * @description The cancellation fee.
                                             */
                                            price?: {
                                                /** Format: double */
                                                accommodation_currency?: number;
                                                /** Format: double */
                                                booker_currency?: number;
                                            };
                                        }[];
                                        /**
                                         * AccommodationsProductMealPlanPolicy
                                         * @description The meal plan policy for this product.
                                         */
                                        meal_plan?: {
                                            /** @description The meals included in the meal plan. */
                                            meals?: ("breakfast" | "dinner" | "lunch")[];
                                            /**
                                             * @description The meal plan included in this product.
                                             * @enum {string}
                                             */
                                            plan?: "all_inclusive" | "breakfast_included" | "full_board" | "half_board" | "no_plan";
                                        };
                                    };
                                    /**
                                     * OrdersPreviewProductPriceOutput
                                     * @description The price components of this product. 'base' and 'extra_charges' are returned only when explicitly requested (via 'extras=extra_charges').
                                     */
                                    price?: {
                                        /**
                                         * AccommodationsPriceCurrency
                                         * @description The base price. It does not include any extra charges.
                                         */
                                        base?: {
                                            /** Format: double */
                                            accommodation_currency?: number;
                                            /** Format: double */
                                            booker_currency?: number;
                                        };
                                        /**
                                         * AccommodationsPriceCurrency
                                         * @description The price that will be charged by Booking.com when online payments are used. This field does not apply to the "pay_at_the_property" timing.
                                         */
                                        chargeable_online?: {
                                            /** Format: double */
                                            accommodation_currency?: number;
                                            /** Format: double */
                                            booker_currency?: number;
                                        };
                                        /**
                                         * OrdersPreviewProductExtraChargesOutput
                                         * @description The charge breakdown. Includes taxes and fees.
                                         */
                                        extra_charges?: {
                                            /** @description Charges that might apply under a specific condition. */
                                            conditional?: {
                                                /** @description A signed integer number that uniquely identifies an accommodation charge type. Examples of charges are: VAT, City Tax, etc. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/accommodations/accommodations/constants" target="_blank">accommodations/constants</a>. */
                                                charge?: number;
                                                /** @description A signed integer number that uniquely identifies the condition ID. Find the full list in the <a href="/demand/docs/accommodations/prices-accommodations" target="_blank">Pricing guidelines</a>. */
                                                condition?: number | null;
                                                /**
                                                 * @description The mode of this charge. Determines how the price is calculated.
                                                 * @enum {string}
                                                 */
                                                mode?: "calculated_amount" | "percentage" | "per_day" | "per_night" | "per_person_per_day" | "per_person_per_night" | "per_person_per_stay" | "per_stay";
                                                /** @description The percentage of 'base' that this charge amounts to. Only applicable when 'mode' is 'percentage'. */
                                                percentage?: number | null;
                                                /**
                                                 * AccommodationsPriceCurrency
                                                 * @description The total price for this charge.
                                                 */
                                                total_amount?: {
                                                    /** Format: double */
                                                    accommodation_currency?: number;
                                                    /** Format: double */
                                                    booker_currency?: number;
                                                };
                                                /**
                                                 * AccommodationsPriceCurrency
                                                 * @description The price per unit for this charge. Only applicable when 'mode' is 'per_day', 'per_night', 'per_person_per_day', 'per_person_per_night', or 'per_person_per_stay'.
                                                 */
                                                unit_amount?: {
                                                    /** Format: double */
                                                    accommodation_currency?: number;
                                                    /** Format: double */
                                                    booker_currency?: number;
                                                } | null;
                                            }[];
                                            /** @description All non-conditional charges that will necessarily be paid */
                                            non_conditional?: {
                                                /** @description A signed integer number that uniquely identifies an accommodation charge type. Examples of charges are: VAT, City Tax, etc. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/accommodations/accommodations/constants" target="_blank">accommodations/constants</a>. */
                                                charge?: number;
                                                /** @description Whether this charge is chargeable online or not. Not applicable to "pay_at_the_property" timing. */
                                                chargeable_online?: boolean;
                                                /**
                                                 * @description The mode of this charge. Determines how the price is calculated.
                                                 * @enum {string}
                                                 */
                                                mode?: "calculated_amount" | "incalculable" | "percentage" | "per_day" | "per_night" | "per_person_per_day" | "per_person_per_night" | "per_person_per_stay" | "per_stay";
                                                /** @description The percentage of 'base' that this charge amounts to. Only applicable when 'mode' is 'percentage'. */
                                                percentage?: number | null;
                                                /**
                                                 * AccommodationsPriceCurrency
                                                 * @description The total price for this charge.
                                                 */
                                                total_amount?: {
                                                    /** Format: double */
                                                    accommodation_currency?: number;
                                                    /** Format: double */
                                                    booker_currency?: number;
                                                };
                                                /**
                                                 * AccommodationsPriceCurrency
                                                 * @description The price per unit for this charge. Only applicable when 'mode' is 'per_day', 'per_night', 'per_person_per_day', 'per_person_per_night', or 'per_person_per_stay'.
                                                 */
                                                unit_amount?: {
                                                    /** Format: double */
                                                    accommodation_currency?: number;
                                                    /** Format: double */
                                                    booker_currency?: number;
                                                } | null;
                                            }[];
                                        };
                                        /**
                                         * AccommodationsPriceCurrency
                                         * @description The total price. Includes all extra charges.
                                         */
                                        total?: {
                                            /** Format: double */
                                            accommodation_currency?: number;
                                            /** Format: double */
                                            booker_currency?: number;
                                        };
                                    };
                                    /** @description A signed long number that uniquely identifies an accommodation property room. The full list can be obtained by calling [accommodations/details](#/accommodations/details). */
                                    room?: number | null;
                                    /** @description Boolean value is "true" if the product is facilitated by a Booking.com partner company and "false" otherwise. */
                                    third_party_inventory?: boolean;
                                    /**
                                     * OccupancyMismatchOutput
                                     * @description Details any mismatch between the requested occupancy and the product's capacity.
                                     *     -When one or more guests cannot be accommodated, the object contains those that can be accommodated (allocated) and those that cannot (unallocated).
                                     *     -If all requested guests fit, the object is null.
                                     * @example {
                                     *       "allocated": {
                                     *         "number_of_adults": 1,
                                     *         "children": null
                                     *       },
                                     *       "unallocated": {
                                     *         "number_of_adults": 1,
                                     *         "children": null
                                     *       }
                                     *     }
                                     */
                                    occupancy_mismatch?: {
                                        /**
                                         * OccupancyOutput
                                         * @description The guests from the original request that the product can accommodate.
                                         */
                                        allocated: {
                                            /** @description The number of adults. */
                                            number_of_adults: number;
                                            /** @description The ages of the children. Null or absent if no children fit. */
                                            children: number[] | null;
                                        };
                                        /**
                                         * OccupancyOutput
                                         * @description The guests from the original request that could not be accommodated by this product.
                                         */
                                        unallocated: {
                                            /** @description The number of adults. */
                                            number_of_adults: number;
                                            /** @description The ages of the children. Null or absent if no children fit. */
                                            children: number[] | null;
                                        };
                                    } | null;
                                }[];
                            };
                            /** @description A token containing the necessary data to be used on subsequent requests to [orders/create]. */
                            order_token?: string;
                        };
                    };
                };
            };
        };
    };
    "/orders/create": {
        parameters: {
            query?: never;
            header: {
                /** @description Include here your Affiliate identifier number */
                "X-Affiliate-Id": components["parameters"]["AffiliateIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "accommodation": {
                 *         "label": "Sample label",
                 *         "products": [
                 *           {
                 *             "id": "333",
                 *             "bed_configuration": "123456",
                 *             "guests": [
                 *               {
                 *                 "email": "test.name@booking.com",
                 *                 "name": "Test Name"
                 *               }
                 *             ]
                 *           }
                 *         ],
                 *         "remarks": {
                 *           "estimated_arrival_time": {
                 *             "hour": 12
                 *           },
                 *           "special_requests": "We will need an extra cot."
                 *         }
                 *       },
                 *       "booker": {
                 *         "address": {
                 *           "address_line": "Road-1, house-2",
                 *           "city": "Amsterdam",
                 *           "country": "nl",
                 *           "post_code": "11111"
                 *         },
                 *         "company": "Booking B.V",
                 *         "email": "test.name@booking.com",
                 *         "language": "en-gb",
                 *         "name": {
                 *           "first_name": "Test",
                 *           "last_name": "Name"
                 *         },
                 *         "telephone": "12345678"
                 *       },
                 *       "order_token": "sample-token",
                 *       "payment": {
                 *         "card": {
                 *           "cardholder": "Test Name",
                 *           "cvc": "111",
                 *           "expiry_date": "2030-10",
                 *           "number": "23333333333333"
                 *         },
                 *         "include_receipt": true,
                 *         "method": "card",
                 *         "timing": "pay_at_the_property"
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * OrderCreateAccommodationInput
                     * @description Additional information related to the accommodation order.
                     */
                    accommodation?: {
                        /** @description A label for this order. This can be read back later while fetching this order details. */
                        label?: string;
                        products?: {
                            /** @description ID for this product. `Please note that this MUST match the product IDs used for related /orders/preview request.` */
                            id: string;
                            /** @description Bed configuration ID to select for this product. `Please note that it can not be guaranteed that the selected bed_configuration will be available.` */
                            bed_configuration?: string;
                            /** @description The guest details for this product. */
                            guests?: {
                                /** @description The email address of the guest. */
                                email: string;
                                /** @description The name of the guest. */
                                name: string;
                            }[];
                        }[];
                        /**
                         * OrderCreateRemarksInput
                         * @description Optional remarks from the guest.
                         */
                        remarks?: {
                            /**
                             * EstimatedArrivalTimeInput
                             * @description Estimated arrival time of the guests.
                             */
                            estimated_arrival_time?: {
                                /** @description Approximate hour of arrival to the hotel. Allowed values are from 0 to 23. This time should be within the hotel reception hours, or will be ignored otherwise with a warning will be appended to special_requests. */
                                hour: number;
                                /**
                                 * @description Set this to true, if the hour selected is for the day after checkin.
                                 * @default false
                                 */
                                next_day?: boolean;
                            };
                            /** @description Optional comments or requests from the guest. Special requests cannot be guaranteed – but the property will do its best to meet your needs. */
                            special_requests?: string;
                        };
                    };
                    /**
                     * OrderCreateBookerInput
                     * @description The booker's information.
                     */
                    booker: {
                        /**
                         * OrderCreateAddressInput
                         * @description The booker's address to be used for creating this order. All fields of this object are required if the /accommodations/details endpoint indicates that the booker's address is necessary by returning booker_address_required=true.
                         */
                        address: {
                            /** @description The details of this address. */
                            address_line?: string;
                            /** @description The city for this address. */
                            city?: string;
                            /**
                             * @description The country for this address.
                             * @example nl
                             */
                            country: string;
                            /** @description Post code for this address. */
                            post_code?: string;
                        };
                        /** @description The booker's company name. */
                        company?: string;
                        /** @description The booker's email address. */
                        email: string;
                        /**
                         * @description A [IETF language tag code](https://en.wikipedia.org/wiki/IETF_language_tag) that uniquely identifies a supported human language or dialect. **Note:** Demand API only accepts lowercase for the language codes. Examples: "nl" for Dutch/Nederlands or "en-us" for English (US). To retrieve the full list of supported languages, call the `/common/languages` endpoint in the same Demand API version you are using.
                         * @example en-us
                         */
                        language?: string;
                        /**
                         * OrderCreateBookerNameInput
                         * @description The name of the booker.
                         */
                        name: {
                            first_name: string;
                            last_name: string;
                        };
                        /** @description The booker's telephone number. */
                        telephone: string;
                    };
                    /** @description A token containing the necessary data to be used for creating this order. */
                    order_token: string;
                    /**
                     * OrderCreatePaymentInput
                     * @description Payment related information for the order.
                     */
                    payment: {
                        /** @description All information related to airplus payment. `This is required if airplus is selected as payment method.` */
                        airplus?: {
                            /**
                             * OrderCreateDbiInput
                             * @description Descriptive billing information(dbi) details to pass to AirPlus.
                             */
                            dbi?: {
                                /** @description Accounting code to pass in descriptive billing information. */
                                accounting_code?: string;
                                /** @description Accounting unit to pass in descriptive billing information. */
                                accounting_unit?: string;
                                /** @description Cost centre to pass in descriptive billing information. */
                                cost_centre?: string;
                                /** @description Department code to pass in descriptive billing information. */
                                department_code?: string;
                                /** @description Employee number to pass in descriptive billing information. */
                                employee_number?: string;
                                /** @description Internal account to pass in descriptive billing information. */
                                internal_account?: string;
                                /** @description Order number to pass in descriptive billing information. */
                                order_number?: string;
                                /** @description Project number to pass in descriptive billing information. */
                                project_number?: string;
                            };
                            /** @description 12 digit Airplus Number. */
                            number: string;
                        };
                        /**
                         * OrderCreateBusinessInformationInput
                         * @description All business related information for billing and authorisation form. This must be included for the payments that require authorisation form.
                         */
                        business_information?: {
                            /**
                             * OrderCreateAuthorisationFormInput
                             * @description Information that is relevant for generating an authorisation form.
                             */
                            authorisation_form?: {
                                /** @description Items which can be charged using a provided virtual credit card. */
                                chargeable_items?: ("alcohol" | "breakfast" | "food_beverage" | "internet" | "parking" | "phone" | "taxes")[];
                            };
                            /**
                             * OrderCreateBillingInput
                             * @description All information to be used in the invoice.
                             */
                            billing?: {
                                /**
                                 * OrderCreateBusinessAddressInput
                                 * @description The address to bill this reservation
                                 */
                                address?: {
                                    /** @description The details of this address. */
                                    address_line?: string;
                                    /** @description The city for this address. */
                                    city?: string;
                                    /**
                                     * @description The country for this address.
                                     * @example nl
                                     */
                                    country?: string;
                                    /** @description Post code for this address. */
                                    post_code?: string;
                                };
                                /** @description Email to send the invoice to. */
                                email: string;
                                /** @description VAT number to be used in the invoice. */
                                vat: string;
                            };
                            /** @description Company that will issue an authorisation form for the virtual credit card and used in the invoice. */
                            company: string;
                        };
                        /**
                         * OrderCreateCardInput
                         * @description Card information for executing the payment.
                         */
                        card?: {
                            /**
                             * OrderCreateCardAuthenticationInput
                             * @description Card authentication information for executing the payment.
                             */
                            authentication?: {
                                /**
                                 * OrderCreateRiskifiedInput
                                 * @description Riskified information for external fraud verification.
                                 */
                                riskified?: {
                                    /**
                                     * Format: ipv4
                                     * @description The booker's IP address.
                                     */
                                    ip_address: string;
                                    /** @description Riskified provided session_id for external fraud verification. */
                                    session_id: string;
                                };
                                /**
                                 * @description The type of SCA exemption to be applied to the payment.
                                 * @enum {string}
                                 */
                                sca_exemption?: "moto" | "virtual";
                                /**
                                 * OrderCreate3dSecureInput
                                 * @description 3-factor authentication information for the card.
                                 */
                                "3d_secure"?: {
                                    /** @description Cardholder Authentication Verification Value. */
                                    authentication_value: string;
                                    /**
                                     * @deprecated
                                     * @description Deprecated. Do not use
                                     */
                                    cavv?: string;
                                    /** @description The electronic commerce indicator. */
                                    eci: string;
                                    /** @description The unique ID assigned by the DS to identify a single transaction. */
                                    transaction: string;
                                };
                            };
                            /** @description Name of the cardholder. */
                            cardholder: string;
                            /** @description 3 or 4 digits card validation code (CVC) of this card. */
                            cvc: string;
                            /** @description Expiry date of the card. Format: YYYY-MM */
                            expiry_date: string;
                            /** @description Number of the card. */
                            number: string;
                        };
                        /** @description This is used to determine whether to include payment `receipt_url` in the response or not. */
                        include_receipt?: boolean;
                        /**
                         * @description The payment method to be used for this order.
                         * @enum {string}
                         */
                        method?: "airplus" | "card" | "wallet";
                        /**
                         * @description Information about when to execute the payment.
                         * @enum {string}
                         */
                        timing: "pay_at_the_property" | "pay_online_later" | "pay_online_now";
                    };
                };
            };
        };
        responses: {
            /** @description Successful response. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "01fr9ez700exycb98w90w5r9sh",
                     *       "data": {
                     *         "accommodation": {
                     *           "order": "509430129718799",
                     *           "pincode": "0000",
                     *           "reservation": 12345678,
                     *           "third_party_inventory": {
                     *             "checkin_number": "123456789",
                     *             "confirmation_number": "12345678912345678912"
                     *           }
                     *         },
                     *         "payment": {
                     *           "receipt_url": "https://secure.booking.com/payment_receipt.html?bn=0000000000&pincode=0000&lang=en"
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @description Uniquely identifies the request. Please provide this identifier when contacting support. */
                        request_id?: string;
                        /** OrderCreateDataOutput */
                        data?: {
                            /**
                             * OrderCreateAccommodationOutput
                             * @description All accommodation related information for this order.
                             */
                            accommodation?: {
                                /** @description ID for this accommodation order. */
                                order?: string;
                                /** @description Pincode for this accommodation order. */
                                pincode?: string;
                                /**
                                 * Format: int64
                                 * @description Reservation ID for this accommodation order.
                                 */
                                reservation?: number;
                                /** Third party inventory related information for the created order. This field is only available for third party inventory orders. */
                                third_party_inventory?: {
                                    /**
                                     * @description The number required at the time of check-in. It allows guests to confirm their order at the accommodation.
                                     * @example 473026811
                                     */
                                    checkin_number?: string;
                                    /**
                                     * @description The confirmation number, when used in conjunction with the pincode, helps verify the customer's order and facilitates efficient support during inquiries or troubleshooting.
                                     * @example 12365478936925814787
                                     */
                                    confirmation_number?: string;
                                };
                            };
                            /**
                             * OrderCreatePaymentOutput
                             * @description All payment related information for this order.
                             */
                            payment?: {
                                /**
                                 * Format: uri
                                 * @description Link to a virtual credit card''s authorisation form, valid for 7 minutes from issue. `This will only the added if the request has authorisation_form.`
                                 * @example https://secure-admin.booking.com/airplus_auth_form_pdf.html?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA&lang=en
                                 */
                                authorisation_form_url?: string;
                                /**
                                 * Format: uri
                                 * @description Link to the payment receipt of the order. `This will only be added if include_receipt is true.`
                                 * @example https://secure.booking.com/payment_receipt.html?bn=0000000000&pincode=0000&lang=en
                                 */
                                receipt_url?: string;
                            };
                        };
                    };
                };
            };
        };
    };
    "/orders/details": {
        parameters: {
            query?: never;
            header: {
                /** @description Include here your Affiliate identifier number */
                "X-Affiliate-Id": number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "created": {
                 *         "from": "2025-07-28T02:00:00+00:00",
                 *         "to": "2025-07-28T02:00:00+00:00"
                 *       },
                 *       "currency": "EUR",
                 *       "maximum_results": 20,
                 *       "sort": {
                 *         "by": "updated",
                 *         "direction": "descending"
                 *       },
                 *       "extras": [
                 *         "payment"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /**
                     * OrderDetailsDatetimeFilterInput
                     * @description Filtering orders by time range on basis of order "created" or "updated" time. Maximum time range is 7 days (1 week).
                     */
                    updated: {
                        /**
                         * Format: date-time
                         * @description ISO 8601 timestamp in UTC, which indicates the timestamp from which you want to filter orders from (inclusive). The value should be within last 1 year.
                         */
                        from: string;
                        /**
                         * Format: date-time
                         * @description ISO 8601 timestamp in UTC, which indicates the timestamp till which you want to filter orders to (inclusive). It has to be greater than or equal to "from".
                         */
                        to?: string;
                    };
                    /**
                     * @description A three-letter code that uniquely identifies a monetary currency as defined by the ISO 4217 standard. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonpayments/common/payments/currencies" target="_blank">common/payments/currencies</a>.
                     * @example EUR
                     */
                    currency: string;
                    /**
                     * @description The maximum number of results to return.
                     * @default 100
                     */
                    maximum_results?: number;
                    /**
                     * OrderDetailsSortInput
                     * @description The sorting parameters for the response.
                     */
                    sort?: {
                        /**
                         * @description The way to sort your results.
                         * @default created
                         * @enum {string}
                         */
                        by: "created" | "updated";
                        /**
                         * @description The direction you wish for your sort.by parameter to be sorted in.
                         * @default descending
                         * @enum {string}
                         */
                        direction: "ascending" | "descending";
                    };
                    /** @description Input parameter to request for additional information about this order. */
                    extras?: "payment"[];
                    /** @description Filter orders by included services. */
                    services?: ("accommodations" | "cars" | "flights")[];
                } | {
                    /**
                     * OrderDetailsDatetimeFilterInput
                     * @description Filtering orders by time range on basis of order "created" or "updated" time. Maximum time range is 7 days (1 week).
                     */
                    created: {
                        /**
                         * Format: date-time
                         * @description ISO 8601 timestamp in UTC, which indicates the timestamp from which you want to filter orders from (inclusive). The value should be within last 1 year.
                         */
                        from: string;
                        /**
                         * Format: date-time
                         * @description ISO 8601 timestamp in UTC, which indicates the timestamp till which you want to filter orders to (inclusive). It has to be greater than or equal to "from".
                         */
                        to?: string;
                    };
                    /**
                     * @description A three-letter code that uniquely identifies a monetary currency as defined by the ISO 4217 standard. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonpayments/common/payments/currencies" target="_blank">common/payments/currencies</a>.
                     * @example EUR
                     */
                    currency: string;
                    /**
                     * @description The maximum number of results to return.
                     * @default 100
                     */
                    maximum_results?: number;
                    /**
                     * OrderDetailsSortInput
                     * @description The sorting parameters for the response.
                     */
                    sort?: {
                        /**
                         * @description The way to sort your results.
                         * @default created
                         * @enum {string}
                         */
                        by: "created" | "updated";
                        /**
                         * @description The direction you wish for your sort.by parameter to be sorted in.
                         * @default descending
                         * @enum {string}
                         */
                        direction: "ascending" | "descending";
                    };
                    /** @description Input parameter to request for additional information about this order. */
                    extras?: "payment"[];
                    /** @description Filter orders by included services. */
                    services?: ("accommodations" | "cars" | "flights")[];
                } | {
                    /**
                     * OrderDetailsDateFilterInput
                     * @description Filter orders by date range, covering the "start" and "end" date. The maximum date range is up to 7 days (1 week).
                     */
                    start: {
                        /**
                         * Format: date
                         * @description ISO 8601 date in "YYYY-MM-DD" format. It indicates from which date you want to filter the orders. You can filter orders up to 1 year in the past and 500 days in the future.
                         * @example 2024-06-01
                         */
                        from: string;
                        /**
                         * Format: date
                         * @description ISO 8601 date in "YYYY-MM-DD" format. It indicates until which date you want to filter the orders to (inclusive). It has to be greater than or equal to "from". It uses "from" value as default.
                         * @example 2024-06-03
                         */
                        to?: string;
                    };
                    /**
                     * @description A three-letter code that uniquely identifies a monetary currency as defined by the ISO 4217 standard. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonpayments/common/payments/currencies" target="_blank">common/payments/currencies</a>.
                     * @example EUR
                     */
                    currency: string;
                    /**
                     * @description The maximum number of results to return.
                     * @default 100
                     */
                    maximum_results?: number;
                    /**
                     * OrderDetailsSortInput
                     * @description The sorting parameters for the response.
                     */
                    sort?: {
                        /**
                         * @description The way to sort your results.
                         * @default created
                         * @enum {string}
                         */
                        by: "created" | "updated";
                        /**
                         * @description The direction you wish for your sort.by parameter to be sorted in.
                         * @default descending
                         * @enum {string}
                         */
                        direction: "ascending" | "descending";
                    };
                    /** @description Input parameter to request for additional information about this order. */
                    extras?: "payment"[];
                    /** @description Filter orders by included services. */
                    services?: ("accommodations" | "cars" | "flights")[];
                } | {
                    /**
                     * OrderDetailsDateFilterInput
                     * @description Filter orders by date range, covering the "start" and "end" date. The maximum date range is up to 7 days (1 week).
                     */
                    end: {
                        /**
                         * Format: date
                         * @description ISO 8601 date in "YYYY-MM-DD" format. It indicates from which date you want to filter the orders. You can filter orders up to 1 year in the past and 500 days in the future.
                         * @example 2024-06-01
                         */
                        from: string;
                        /**
                         * Format: date
                         * @description ISO 8601 date in "YYYY-MM-DD" format. It indicates until which date you want to filter the orders to (inclusive). It has to be greater than or equal to "from". It uses "from" value as default.
                         * @example 2024-06-03
                         */
                        to?: string;
                    };
                    /**
                     * @description A three-letter code that uniquely identifies a monetary currency as defined by the ISO 4217 standard. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonpayments/common/payments/currencies" target="_blank">common/payments/currencies</a>.
                     * @example EUR
                     */
                    currency: string;
                    /**
                     * @description The maximum number of results to return.
                     * @default 100
                     */
                    maximum_results?: number;
                    /**
                     * OrderDetailsSortInput
                     * @description The sorting parameters for the response.
                     */
                    sort?: {
                        /**
                         * @description The way to sort your results.
                         * @default created
                         * @enum {string}
                         */
                        by: "created" | "updated";
                        /**
                         * @description The direction you wish for your sort.by parameter to be sorted in.
                         * @default descending
                         * @enum {string}
                         */
                        direction: "ascending" | "descending";
                    };
                    /** @description Input parameter to request for additional information about this order. */
                    extras?: "payment"[];
                    /** @description Filter orders by included services. */
                    services?: ("accommodations" | "cars" | "flights")[];
                } | {
                    /**
                     * @description A three-letter code that uniquely identifies a monetary currency as defined by the ISO 4217 standard. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonpayments/common/payments/currencies" target="_blank">common/payments/currencies</a>.
                     * @example EUR
                     */
                    currency: string;
                    /** @description List of order IDs for which details should be returned. */
                    orders: string[];
                    /**
                     * OrderDetailsSortInput
                     * @description The sorting parameters for the response.
                     */
                    sort?: {
                        /**
                         * @description The way to sort your results.
                         * @default created
                         * @enum {string}
                         */
                        by: "created" | "updated";
                        /**
                         * @description The direction you wish for your sort.by parameter to be sorted in.
                         * @default descending
                         * @enum {string}
                         */
                        direction: "ascending" | "descending";
                    };
                    /** @description Input parameter to request for additional information about this order. */
                    extras?: "payment"[];
                    /** @description Filter orders by included services. */
                    services?: ("accommodations" | "cars" | "flights")[];
                } | {
                    /**
                     * @description A three-letter code that uniquely identifies a monetary currency as defined by the ISO 4217 standard. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonpayments/common/payments/currencies" target="_blank">common/payments/currencies</a>.
                     * @example EUR
                     */
                    currency: string;
                    /** @description List of reservation IDs for which details should be returned. */
                    reservations: string[];
                    /**
                     * OrderDetailsSortInput
                     * @description The sorting parameters for the response.
                     */
                    sort?: {
                        /**
                         * @description The way to sort your results.
                         * @default created
                         * @enum {string}
                         */
                        by: "created" | "updated";
                        /**
                         * @description The direction you wish for your sort.by parameter to be sorted in.
                         * @default descending
                         * @enum {string}
                         */
                        direction: "ascending" | "descending";
                    };
                    /** @description Input parameter to request for additional information about this order. */
                    extras?: "payment"[];
                    /** @description Filter orders by included services. */
                    services?: ("accommodations" | "cars" | "flights")[];
                } | {
                    /** @description Pagination token used to retrieve the next page of results. Obtained from `next_page`. */
                    page: string;
                    /** @description Input parameter to request for additional information about this order. */
                    extras?: "payment"[];
                };
            };
        };
        responses: {
            /** @description Successful response. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "01fr9ez700exycb98w90w5r9sh",
                     *       "data": [
                     *         {
                     *           "id": "509430129718799",
                     *           "accommodations": {
                     *             "inventory": {
                     *               "third_party": false,
                     *               "type": "sell"
                     *             },
                     *             "reservation": 12345677
                     *           },
                     *           "affiliate": 111111,
                     *           "booker": {
                     *             "address": {
                     *               "city": "Amsterdam",
                     *               "country": "nl"
                     *             },
                     *             "email": "johndoe@booking.com",
                     *             "language": "en-gb",
                     *             "name": {
                     *               "first_name": "john",
                     *               "last_name": "doe"
                     *             },
                     *             "platform": "mobile_browser",
                     *             "telephone": "+100000000",
                     *             "travel_purpose": "business"
                     *           },
                     *           "commission": {
                     *             "actual_amount": 17.5,
                     *             "estimated_amount": null
                     *           },
                     *           "created": "2025-07-28T02:00:00+00:00",
                     *           "currency": "EUR",
                     *           "flights": null,
                     *           "loyalty_reward": [
                     *             {
                     *               "amount": 15,
                     *               "currency": "USD",
                     *               "eligible": true,
                     *               "fulfillment_at": "2025-02-10",
                     *               "fulfillment_by": "partner",
                     *               "loyalty_data": [
                     *                 {
                     *                   "name": "Email Id",
                     *                   "value": "john_doe@booking.com"
                     *                 },
                     *                 {
                     *                   "name": "Loyalty ID",
                     *                   "value": "10101010"
                     *                 }
                     *               ],
                     *               "type": "point"
                     *             }
                     *           ],
                     *           "price": {
                     *             "commissionable": 160,
                     *             "total": 170.01
                     *           },
                     *           "status": "booked",
                     *           "updated": "2025-07-28T02:00:00+00:00"
                     *         }
                     *       ],
                     *       "metadata": {
                     *         "next_page": null,
                     *         "total_results": 1
                     *       }
                     *     }
                     */
                    "application/json": {
                        data?: {
                            /** @description The id for this order. */
                            id?: string;
                            /** OrderDetailsAccommodationsOutput */
                            accommodations?: {
                                /** InventoryOutput */
                                inventory?: {
                                    /** @description Boolean value is "true" if the product is facilitated by a Booking.com partner company and "false" otherwise. */
                                    third_party?: boolean;
                                    /**
                                     * @description Type of inventory - either net or sell rates.
                                     * @enum {string}
                                     */
                                    type?: "net" | "sell";
                                };
                                /**
                                 * Format: int64
                                 * @description This is the reservation id for the accommodation in this order.
                                 */
                                reservation?: number;
                            };
                            /** @description The affiliate id used for this order. */
                            affiliate?: number;
                            /**
                             * OrderDetailsBookerOutput
                             * @description The booker's information.
                             */
                            booker?: {
                                /**
                                 * OrderDetailsAddressOutput
                                 * @description The booker's address for showing the best price for that user and obeying laws regarding the display of taxes and fees.
                                 */
                                address?: {
                                    /** @description The city for this address. */
                                    city?: string | null;
                                    /** @description The country for this address. */
                                    country?: string | null;
                                };
                                /** @description The booker's email address. */
                                email?: string | null;
                                /**
                                 * @description A [IETF language tag code](https://en.wikipedia.org/wiki/IETF_language_tag) that uniquely identifies a supported human language or dialect. **Note:** Demand API only accepts lowercase for the language codes. Examples: "nl" for Dutch/Nederlands or "en-us" for English (US). To retrieve the full list of supported languages, call the `/common/languages` endpoint in the same Demand API version you are using.
                                 * @example en-us
                                 */
                                language?: string;
                                /**
                                 * OrderDetailsBookerNameOutput
                                 * @description The name of the booker.
                                 */
                                name?: {
                                    first_name?: string | null;
                                    last_name?: string | null;
                                };
                                /**
                                 * @description The booker platform for showing the platform based deals and prices.
                                 * @enum {string}
                                 */
                                platform?: "app" | "desktop" | "mobile_browser" | "tablet" | "unknown";
                                /** @description The booker's telephone number. */
                                telephone?: string | null;
                                /**
                                 * @description The travel purpose of the booker.
                                 * @enum {string}
                                 */
                                travel_purpose?: "business" | "leisure" | "unknown";
                            };
                            /** OrderDetailsCarsOutput */
                            cars?: {
                                /**
                                 * Format: int64
                                 * @description This is the reservation id for the car in this order.
                                 */
                                reservation?: number;
                            };
                            /**
                             * Format: date-time
                             * @description Order creation time.
                             */
                            created?: string;
                            /**
                             * OrderDetailsCommissionOutput
                             * @description Commission details for the partner for a given order.
                             */
                            commission?: {
                                /**
                                 * Format: double
                                 * @description For accommodation: This is the final commission for this order (`null` if value is not yet available). For other travel services: It represents the estimated commission before billing and the final commission after billing.
                                 */
                                actual_amount?: number | null;
                                /**
                                 * Format: double
                                 * @description Estimated commission amount for this order. For accommodations, it will be `null` if the final commission amount is available.
                                 */
                                estimated_amount?: number | null;
                            };
                            /**
                             * @description Input currency used in "commission" and "price" output fields.
                             * @example EUR
                             */
                            currency?: string;
                            /** OrderDetailsFlightsOutput */
                            flights?: {
                                /**
                                 * Format: int64
                                 * @description This is the reservation id for flight in this order.
                                 */
                                reservation?: number;
                            };
                            /** @description Details of the loyalty rewards associated with this order. */
                            loyalty_reward?: {
                                /**
                                 * Format: double
                                 * @description Reward amount, in the units of the specified reward type (such as cash, mile, point, etc.).
                                 */
                                amount?: number;
                                /**
                                 * @description Currency used for reward calculation.
                                 * @example EUR
                                 */
                                currency?: string | null;
                                /** @description Whether the order is eligible for the reward. */
                                eligible?: boolean;
                                /**
                                 * Format: date
                                 * @description Date and time at which the reward should be fulfilled.
                                 */
                                fulfillment_at?: string;
                                /**
                                 * @description Mode of fulfillment of the reward.
                                 * @enum {string}
                                 */
                                fulfillment_by?: "partner" | "booking.com";
                                /** @description Loyalty data associated with this loyalty reward used to fulfill reward. */
                                loyalty_data?: {
                                    /** @description Name of the loyalty data. */
                                    name?: string;
                                    /** @description Value of the loyalty data. */
                                    value?: string;
                                }[] | null;
                                /**
                                 * @description Type of reward.
                                 * @enum {string}
                                 */
                                type?: "cash" | "mile" | "point" | "voucher" | "voucher_money" | "voucher_subscription" | "voucher_percentage";
                            }[] | null;
                            /**
                             * OrderDetailsPaymentOutput
                             * @description The payment details of this order.
                             */
                            payment?: {
                                /**
                                 * OrderDetailsAccommodationPaymentOutput
                                 * @description The accommodation specific payment details of this order.
                                 */
                                accommodations?: {
                                    /**
                                     * Format: uri
                                     * @description Link to the authorisation form of the order.
                                     * @example https://secure-admin.booking.com/airplus_auth_form_pdf.html?token=AAAA&lang=en-us
                                     */
                                    authorisation_form?: string | null;
                                    /**
                                     * Format: uri
                                     * @description Link to the payment receipt of the order. `This will only be added if the payment is already charged.`
                                     * @example https://secure.booking.com/payment_receipt.html?bn=0000000000&pincode=0000&lang=en
                                     */
                                    receipt_url?: string | null;
                                    /**
                                     * Format: int64
                                     * @description Reservation ID for this accommodation order.
                                     */
                                    reservation?: number;
                                } | null;
                                /**
                                 * @description The payment method of this order.
                                 * @enum {string}
                                 */
                                method?: "airplus" | "card" | "wallet";
                                /** @description The paid transactions for this order. */
                                paid?: {
                                    /** @description Amount of the transaction. */
                                    amount?: number;
                                    /**
                                     * Format: date-time
                                     * @description Time of the transaction.
                                     */
                                    at?: string;
                                    /** @description Currency in which the transaction took place. */
                                    transaction_currency?: string;
                                }[] | null;
                                /** @description The pending transactions for this order. */
                                pending?: {
                                    /** @description Amount of the transaction. */
                                    amount?: number;
                                    /**
                                     * Format: date-time
                                     * @description Time of the transaction.
                                     */
                                    at?: string;
                                    /** @description Currency in which the transaction took place. */
                                    transaction_currency?: string;
                                }[] | null;
                                /**
                                 * @description The payment timing of this order.
                                 * @enum {string}
                                 */
                                timing?: "pay_at_the_property" | "pay_online_later" | "pay_online_now";
                            };
                            /**
                             * OrderDetailsPriceOutput
                             * @description The price components of this order.
                             */
                            price?: {
                                /**
                                 * Format: double
                                 * @description The commissionable price. Order price on which commission amount is calculated.
                                 */
                                commissionable?: number | null;
                                /**
                                 * Format: double
                                 * @description The total price. Includes all extra charges.
                                 */
                                total?: number;
                            } | null;
                            /**
                             * @description Status of this order.
                             * @enum {string}
                             */
                            status?: "booked" | "cancelled" | "cancelled_by_accommodation" | "cancelled_by_guest" | "no_show" | "stayed";
                            /**
                             * Format: date-time
                             * @description Time the order was last updated.
                             */
                            updated?: string;
                        }[];
                        /**
                         * MetadataOutput
                         * @description Metadata about the request.
                         */
                        metadata?: {
                            /** @description Indicates that more results are available. Use this pagination token to retrieve the next page of results (via parameter `page`). */
                            next_page?: string | null;
                            /** @description The total number of results available. */
                            total_results?: number;
                        };
                        /** @description Uniquely identifies the request. Please provide this identifier when contacting support. */
                        request_id?: string;
                    };
                };
            };
        };
    };
    "/orders/details/accommodations": {
        parameters: {
            query?: never;
            header: {
                /** @description Include here your Affiliate identifier number */
                "X-Affiliate-Id": number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "currency": "USD",
                 *       "extras": [
                 *         "policies",
                 *         "extra_charges"
                 *       ],
                 *       "reservations": [
                 *         2321873123,
                 *         4666773123
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description List of order IDs for which details should be returned. */
                    orders: string[];
                    /**
                     * @description A three-letter code that uniquely identifies a monetary currency as defined by the ISO 4217 standard. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonpayments/common/payments/currencies" target="_blank">common/payments/currencies</a>.
                     * @example EUR
                     */
                    currency?: string;
                    /** @description Input parameter to request for additional information about the accommodation order. It should be passed as a JSON array with one or more items. */
                    extras?: ("accommodation_details" | "policies" | "extra_charges")[];
                    /**
                     * @description Language in which translation should be provided. The default language is from settings
                     * @example en-us
                     */
                    language?: string;
                } | {
                    reservations: number[];
                    /**
                     * @description A three-letter code that uniquely identifies a monetary currency as defined by the ISO 4217 standard. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonpayments/common/payments/currencies" target="_blank">common/payments/currencies</a>.
                     * @example EUR
                     */
                    currency?: string;
                    /** @description Input parameter to request for additional information about the accommodation order. It should be passed as a JSON array with one or more items. */
                    extras?: ("accommodation_details" | "policies" | "extra_charges")[];
                    /**
                     * @description Language in which translation should be provided. The default language is from settings
                     * @example en-us
                     */
                    language?: string;
                };
            };
        };
        responses: {
            /** @description Successful response. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "01fr9ez700exycb98w90w5r9sh",
                     *       "data": [
                     *         {
                     *           "id": "509430129718799",
                     *           "accommodation": 123456,
                     *           "accommodation_details": {
                     *             "email": "test_hotel@booking.com",
                     *             "location": {
                     *               "address": "111 Street Road",
                     *               "city": 20089219,
                     *               "coordinates": {
                     *                 "latitude": 11.923274,
                     *                 "longitude": -92.716188
                     *               },
                     *               "country": "us",
                     *               "post_code": "NY 1234"
                     *             },
                     *             "name": "Test Booking Hotel USA",
                     *             "telephone": "+19876543210"
                     *           },
                     *           "accommodation_order_references": [
                     *             "12345",
                     *             "ABED2312"
                     *           ],
                     *           "booker": {
                     *             "external_account": 13610217,
                     *             "platform": "mobile"
                     *           },
                     *           "cancellation_details": {
                     *             "at": "2022-11-09T00:00:00+00:00",
                     *             "fee": {
                     *               "accommodation_currency": 170.01,
                     *               "booker_currency": 186.87
                     *             },
                     *             "original_total_price": {
                     *               "accommodation_currency": 170.01,
                     *               "booker_currency": 186.87
                     *             }
                     *           },
                     *           "checkin": "2022-11-10",
                     *           "checkout": "2022-11-10",
                     *           "commission": {
                     *             "actual_amount": null,
                     *             "actual_percentage": null,
                     *             "estimated_amount": {
                     *               "accommodation_currency": 17.5,
                     *               "booker_currency": 19.23
                     *             }
                     *           },
                     *           "credit_slip_number": "hsnl1223445",
                     *           "currency": {
                     *             "accommodation": "EUR",
                     *             "booker": "USD"
                     *           },
                     *           "inventory": {
                     *             "third_party": false,
                     *             "type": "sell"
                     *           },
                     *           "key_collection_information": [
                     *             {
                     *               "additional_instructions": "The keys are in a keybox located next to the front door.",
                     *               "alternate_location": {
                     *                 "address": "abc",
                     *                 "city": "bdweb",
                     *                 "postal_code": "1015XX"
                     *               },
                     *               "checkin_method": "someone_will_meet",
                     *               "key_location": "key_location_at_the_property"
                     *             }
                     *           ],
                     *           "label": "One123",
                     *           "pin_code": "1234",
                     *           "price": {
                     *             "commissionable": {
                     *               "accommodation_currency": 164.01,
                     *               "booker_currency": 180.27
                     *             },
                     *             "total": {
                     *               "accommodation_currency": 170.01,
                     *               "booker_currency": 186.87
                     *             }
                     *           },
                     *           "products": [
                     *             {
                     *               "allocation": {
                     *                 "adults": 2,
                     *                 "children": [
                     *                   3,
                     *                   4,
                     *                   5
                     *                 ],
                     *                 "guests": 5
                     *               },
                     *               "guests": [
                     *                 {
                     *                   "email": "test.name@booking.com",
                     *                   "name": "Test Name"
                     *                 }
                     *               ],
                     *               "policies": {
                     *                 "cancellation": [
                     *                   {
                     *                     "from": null,
                     *                     "price": {
                     *                       "accommodation_currency": 170.01,
                     *                       "booker_currency": 186.87
                     *                     }
                     *                   }
                     *                 ],
                     *                 "meal_plan": {
                     *                   "meals": [
                     *                     "breakfast"
                     *                   ],
                     *                   "plan": "breakfast_included"
                     *                 },
                     *                 "smoking_preference": "non-smoking"
                     *               },
                     *               "price": {
                     *                 "base": {
                     *                   "accommodation_currency": 170.01,
                     *                   "booker_currency": 186.87
                     *                 },
                     *                 "extra_charges": {
                     *                   "conditional": [],
                     *                   "non_conditional": [
                     *                     {
                     *                       "charge": 142,
                     *                       "mode": "per_person_per_night",
                     *                       "percentage": null,
                     *                       "total_amount": {
                     *                         "accommodation_currency": 6,
                     *                         "booker_currency": 6.6
                     *                       },
                     *                       "unit_amount": {
                     *                         "accommodation_currency": 3,
                     *                         "booker_currency": 3.3
                     *                       }
                     *                     },
                     *                     {
                     *                       "charge": 21,
                     *                       "mode": "percentage",
                     *                       "percentage": 9,
                     *                       "total_amount": {
                     *                         "accommodation_currency": 14.04,
                     *                         "booker_currency": 15.43
                     *                       },
                     *                       "unit_amount": null
                     *                     },
                     *                     {
                     *                       "charge": 22,
                     *                       "mode": "percentage",
                     *                       "percentage": 7,
                     *                       "total_amount": {
                     *                         "accommodation_currency": 10.92,
                     *                         "booker_currency": 12
                     *                       },
                     *                       "unit_amount": null
                     *                     }
                     *                   ]
                     *                 },
                     *                 "total": {
                     *                   "accommodation_currency": 200.97,
                     *                   "booker_currency": 220.9
                     *                 }
                     *               },
                     *               "room": 12345,
                     *               "room_details": {
                     *                 "name": "Double Deluxe Room"
                     *               },
                     *               "room_reservation": 1234567890,
                     *               "status": "booked"
                     *             }
                     *           ],
                     *           "remarks": "We will need an extra cot. Need room on higher floor",
                     *           "reservation": 12345678,
                     *           "status": "booked",
                     *           "stay_probability": 0.12
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description Uniquely identifies the request. Please provide this identifier when contacting support. */
                        request_id?: string;
                        data?: {
                            /** @description Order ID for this accommodation order. */
                            id?: string;
                            /** @description Hotel ID for this accommodation order. */
                            accommodation?: number;
                            /**
                             * OrdersAccommodationDetailsOutput
                             * @description Accommodation details for this accommodation order (via 'extras=accommodation_details').
                             */
                            accommodation_details?: {
                                /** @description Accommodation email. */
                                email?: string;
                                /**
                                 * AccommodationLocationOutput
                                 * @description Accommodation location.
                                 */
                                location?: {
                                    /** @description Accommodation address. */
                                    address?: string;
                                    /** @description Accommodation city_id. */
                                    city?: number;
                                    /**
                                     * AccommodationCoordinatesOutput
                                     * @description Accommodation coordinates.
                                     */
                                    coordinates?: {
                                        /** @description Accommodation latitude coordinate. */
                                        latitude?: number;
                                        /** @description Accommodation longitude coordinate. */
                                        longitude?: number;
                                    };
                                    /**
                                     * @description Accommodation country.
                                     * @example nl
                                     */
                                    country?: string;
                                    /** @description Accommodation post code. */
                                    post_code?: string;
                                };
                                /** @description Accommodation name. */
                                name?: string;
                                /** @description Accommodation telephone. */
                                telephone?: string;
                            };
                            /** @description List of additional accommodation order references generated by the accommodation. */
                            accommodation_order_references?: string[];
                            /**
                             * OrderDetailsBookerOutput
                             * @description The booker's information.
                             */
                            booker?: {
                                /** @description This is a unique identifier that represents the account provided by the partner in Booking.com settings. This field is used to link a specific accommodation order to the corresponding account so is possible to accurately allocate loyalty points or other benefits in the partner's loyalty and rewards programs. */
                                external_account?: string;
                                /**
                                 * @description The booker platform for showing the platform based deals and prices.
                                 * @enum {string}
                                 */
                                platform?: "app" | "desktop" | "mobile_browser" | "tablet" | "unknown";
                            };
                            /**
                             * OrderCancellationDetailsOutput
                             * @description Fee charged for cancellation and the datetime at which the cancellation occurred. (If not cancelled, value is null).
                             */
                            cancellation_details?: {
                                /**
                                 * Format: date-time
                                 * @description Cancellation datetime.
                                 */
                                at?: string;
                                /**
                                 * AccommodationsPriceCurrency
                                 * @description Cancellation fee.
                                 */
                                fee?: {
                                    /** Format: double */
                                    accommodation_currency?: number;
                                    /** Format: double */
                                    booker_currency?: number;
                                };
                                /**
                                 * AccommodationsPriceCurrency
                                 * @description The total amount that would have been charged if this order had not been cancelled. Includes all extra charges.
                                 */
                                original_total_price?: {
                                    /** Format: double */
                                    accommodation_currency?: number;
                                    /** Format: double */
                                    booker_currency?: number;
                                };
                            } | null;
                            /**
                             * Format: date
                             * @description The checkin date of this accommodation order.
                             */
                            checkin?: string;
                            /**
                             * Format: date
                             * @description The checkout date of this accommodation order.
                             */
                            checkout?: string;
                            /**
                             * OrderCommissionOutput
                             * @description Commission details for the partner for this accommodation order.
                             */
                            commission?: {
                                /**
                                 * AccommodationsPriceCurrency
                                 * @description Actual commission amount for this accommodation order (`null` if value is not yet available).
                                 */
                                actual_amount?: {
                                    /** Format: double */
                                    accommodation_currency?: number;
                                    /** Format: double */
                                    booker_currency?: number;
                                } | null;
                                /**
                                 * Format: double
                                 * @description Actual commission percentage for this accommodation order (`null` if value is not yet available).
                                 */
                                actual_percentage?: number | null;
                                /**
                                 * AccommodationsPriceCurrency
                                 * @description Estimated commission amount for this accommodation order (`null` if the actual amount is given).
                                 */
                                estimated_amount?: {
                                    /** Format: double */
                                    accommodation_currency?: number;
                                    /** Format: double */
                                    booker_currency?: number;
                                } | null;
                            };
                            /**
                             * Format: int64
                             * @deprecated
                             * @description **DEPRECATED**, please use 'credit_slip_number'.
                             */
                            credit_slip?: number;
                            /** @description The financial document issued by Booking.com to partners, detailing the payout amount and the associated transaction information. It serves as a formal record of the payment, ensuring transparency and facilitating accurate financial tracking for both parties. */
                            credit_slip_number?: string | null;
                            /**
                             * OrderCurrencyOutput
                             * @description Accommodation and booker currencies (booker will be `null`, if the request did not specify the currency).
                             */
                            currency?: {
                                /**
                                 * @description A three-letter code that uniquely identifies a monetary currency as defined by the ISO 4217 standard. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonpayments/common/payments/currencies" target="_blank">common/payments/currencies</a>.
                                 * @example EUR
                                 */
                                accommodation?: string;
                                /**
                                 * @description A three-letter code that uniquely identifies a monetary currency as defined by the ISO 4217 standard. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonpayments/common/payments/currencies" target="_blank">common/payments/currencies</a>.
                                 * @example EUR
                                 */
                                booker?: string | null;
                            };
                            /** InventoryOutput */
                            inventory?: {
                                /** @description Boolean value is "true" if the product is facilitated by a Booking.com partner company and "false" otherwise. */
                                third_party?: boolean;
                                /**
                                 * @description Type of inventory - either net or sell rates.
                                 * @enum {string}
                                 */
                                type?: "net" | "sell";
                            };
                            key_collection_information?: {
                                /** @description Free-text instructions that provide additional context or details about the key collection or check-in process, such as access codes, entry procedures, or contact information. */
                                additional_instructions?: string;
                                /**
                                 * AlternateLocationOutput
                                 * @description This is the alternate location where the key for this accommodation property can be collected. It is provided if the key is not available at the accommodation property itself but instead at another designated location.
                                 */
                                alternate_location?: {
                                    address?: string;
                                    city?: string;
                                    postal_code?: string;
                                };
                                /**
                                 * @description An enumeration that describes the check-in process and key collection method. This is typically applicable to non-hotel accommodations (such as houses or apartments) that do not have a 24-hour front desk.
                                 * @enum {string}
                                 */
                                checkin_method?: "door_code" | "lock_box" | "reception" | "secret_spot" | "someone_will_meet" | "unknown";
                                /**
                                 * @description Location of the key to access this accommodation property.
                                 * @enum {string}
                                 */
                                key_location?: "key_location_at_the_property" | "key_location_different_place" | "unknown";
                            }[];
                            /** @description The label created while booking given accommodation order. */
                            label?: string | null;
                            /** @description The pin code of this accommodation order. */
                            pin_code?: string;
                            /**
                             * AccommodationReservationPriceOutput
                             * @description The price components of this accommodation order.
                             */
                            price?: {
                                /**
                                 * AccommodationsPriceCurrency
                                 * @description The commissionable price. Reservation price on which commission amount is calculated.
                                 */
                                commissionable?: {
                                    /** Format: double */
                                    accommodation_currency?: number;
                                    /** Format: double */
                                    booker_currency?: number;
                                } | null;
                                /**
                                 * AccommodationsPriceCurrency
                                 * @description The total price. Includes all extra charges.
                                 */
                                total?: {
                                    /** Format: double */
                                    accommodation_currency?: number;
                                    /** Format: double */
                                    booker_currency?: number;
                                };
                            } | null;
                            products?: {
                                /**
                                 * OrdersDetailsAccommodationsPropertiesOutput
                                 * @description The allocation of guests, adults and children for this product.
                                 */
                                allocation?: {
                                    /** @description The number of guests reserved for this product. */
                                    guests?: number;
                                    /** @description The number of adults reserved for this product. */
                                    adults?: number | null;
                                    /** @description The list of ages of all children reserved for this product. */
                                    children?: number[] | null;
                                };
                                /**
                                 * BundlePostBookOutput
                                 * @description A bundle attached to the reservation that includes information about the value-added service in the specified language.
                                 */
                                bundle?: {
                                    /** @description Bundle identifier */
                                    id?: number;
                                    value_adds?: {
                                        /**
                                         * @description Identifies the type of value-added benefit included in the bundle, such as complimentary services, monetary credits, percentage discounts, or experiential amenities. Enum values encode how the benefit is applied, including time scope (per day or per stay) and unit scope (per room or per adult).
                                         * @enum {string}
                                         */
                                        type?: "parking" | "food_drink_credit_per_day_per_room" | "food_drink_credit_per_day_per_adult" | "property_credit_per_day_per_room" | "food_drink_credit_per_stay_per_adult" | "food_drink_credit_per_stay_per_room" | "property_credit_per_day_per_adult" | "property_credit_per_stay_per_adult" | "property_credit_per_stay_per_room" | "food_drink_discount" | "property_discount" | "early_checkin" | "late_checkout" | "late_checkin" | "spa_daily" | "spa_hourly" | "spa_massage" | "high_speed_internet" | "airport_transfer" | "safari_game_drive" | "safari_walk" | "pets_stay" | "bottle_of_wine" | "bottle_of_champagne" | "park_sleep_fly";
                                        /** @description Translated descriptive text in the requested language. */
                                        description?: string[];
                                    }[];
                                };
                                /** @description The guest details for this product. */
                                guests?: {
                                    /** @description The email address of the guest. */
                                    email?: string | null;
                                    /** @description The name of the guest. */
                                    name?: string;
                                }[];
                                /**
                                 * AccommodationDetailsProductPoliciesOutput
                                 * @description The policies for this product. Requires `{"extras":["policies"]}`.
                                 */
                                policies?: {
                                    /** @description The cancellation policy schedule for this product. */
                                    cancellation?: {
                                        /** @description The time from which this cancellation fee applies. `now` means from booking time. */
                                        from?: string | null;
                                        /**
                                         * AccommodationsPriceCurrency
                                         * @description The cancellation fee.
                                         */
                                        price?: {
                                            /** Format: double */
                                            accommodation_currency?: number;
                                            /** Format: double */
                                            booker_currency?: number;
                                        };
                                    }[] | null;
                                    /**
                                     * AccommodationsProductMealPlanPolicy
                                     * @description The meal plan policy for this product.
                                     */
                                    meal_plan?: {
                                        /** @description The meals included in the meal plan. */
                                        meals?: ("breakfast" | "dinner" | "lunch")[];
                                        /**
                                         * @description The meal plan included in this product.
                                         * @enum {string}
                                         */
                                        plan?: "all_inclusive" | "breakfast_included" | "full_board" | "half_board" | "no_plan";
                                    };
                                    /**
                                     * @description Smoking Preference for this product.
                                     * @enum {string|null}
                                     */
                                    smoking_preference?: "smoking" | "non-smoking" | null;
                                };
                                /**
                                 * AccommodationDetailsProductPriceOutput
                                 * @description The price components of this product. 'extra_charges' are returned only when explicitly requested (via 'extras=extra_charges').
                                 */
                                price?: {
                                    /**
                                     * AccommodationsPriceCurrency
                                     * @description The base price. It does not include any extra charges.
                                     */
                                    base?: {
                                        /** Format: double */
                                        accommodation_currency?: number;
                                        /** Format: double */
                                        booker_currency?: number;
                                    } | null;
                                    /**
                                     * OrdersProductExtraChargesOutput
                                     * @description The charge breakdown. Includes taxes and fees.
                                     */
                                    extra_charges?: {
                                        /** @description Charges that might apply under a specific condition. */
                                        conditional?: {
                                            /** @description A signed integer number that uniquely identifies an accommodation charge type. Examples of charges are: VAT, City Tax, etc. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/accommodations/accommodations/constants" target="_blank">accommodations/constants</a>. */
                                            charge?: number;
                                            /** @description A signed integer number that uniquely identifies the condition ID. Find the full list in the <a href="/demand/docs/accommodations/prices-accommodations" target="_blank">Pricing guidelines</a>. */
                                            condition?: number | null;
                                            /**
                                             * @description The mode of this charge. Determines how the price is calculated.
                                             * @enum {string}
                                             */
                                            mode?: "calculated_amount" | "percentage" | "per_day" | "per_night" | "per_person_per_day" | "per_person_per_night" | "per_person_per_stay" | "per_stay";
                                            /** @description The percentage of 'base' that this charge amounts to. Only applicable when 'mode' is 'percentage'. */
                                            percentage?: number | null;
                                            /**
                                             * AccommodationsPriceCurrency
                                             * @description The total price for this charge.
                                             */
                                            total_amount?: {
                                                /** Format: double */
                                                accommodation_currency?: number;
                                                /** Format: double */
                                                booker_currency?: number;
                                            };
                                            /**
                                             * AccommodationsPriceCurrency
                                             * @description The price per unit for this charge. Only applicable when 'mode' is 'per_day', 'per_night', 'per_person_per_day', 'per_person_per_night', or 'per_person_per_stay'.
                                             */
                                            unit_amount?: {
                                                /** Format: double */
                                                accommodation_currency?: number;
                                                /** Format: double */
                                                booker_currency?: number;
                                            } | null;
                                        }[];
                                        /** @description All non-conditional charges that will necessarily be paid */
                                        non_conditional?: {
                                            /** @description A signed integer number that uniquely identifies an accommodation charge type. Examples of charges are: VAT, City Tax, etc. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/accommodations/accommodations/constants" target="_blank">accommodations/constants</a>. */
                                            charge?: number;
                                            /**
                                             * @description The mode of this charge. Determines how the price is calculated.
                                             * @enum {string}
                                             */
                                            mode?: "calculated_amount" | "incalculable" | "percentage" | "per_day" | "per_night" | "per_person_per_day" | "per_person_per_night" | "per_person_per_stay" | "per_stay";
                                            /** @description The percentage of 'base' that this charge amounts to. Only applicable when 'mode' is 'percentage'. */
                                            percentage?: number | null;
                                            /**
                                             * AccommodationsPriceCurrency
                                             * @description The total price for this charge.
                                             */
                                            total_amount?: {
                                                /** Format: double */
                                                accommodation_currency?: number;
                                                /** Format: double */
                                                booker_currency?: number;
                                            };
                                            /**
                                             * AccommodationsPriceCurrency
                                             * @description The price per unit for this charge. Only applicable when 'mode' is 'per_day', 'per_night', 'per_person_per_day', 'per_person_per_night', or 'per_person_per_stay'.
                                             */
                                            unit_amount?: {
                                                /** Format: double */
                                                accommodation_currency?: number;
                                                /** Format: double */
                                                booker_currency?: number;
                                            } | null;
                                        }[] | null;
                                    };
                                    /**
                                     * AccommodationsPriceCurrency
                                     * @description The total price. Includes all extra charges.
                                     */
                                    total?: {
                                        /** Format: double */
                                        accommodation_currency?: number;
                                        /** Format: double */
                                        booker_currency?: number;
                                    } | null;
                                };
                                /** @description The room id given to this product. */
                                room?: number;
                                /**
                                 * RoomDetailsOutput
                                 * @description Room details for this product (via 'extras=accommodation_details').
                                 */
                                room_details?: {
                                    /** @description The room name given to this product. */
                                    name?: string;
                                };
                                /** @description The room reservation id given to this product. */
                                room_reservation?: number;
                                /**
                                 * @description Status of the product.
                                 * @enum {string}
                                 */
                                status?: "booked" | "cancelled" | "cancelled_by_accommodation" | "cancelled_by_guest" | "no_show" | "stayed";
                            }[];
                            /**
                             * Format: int64
                             * @description Reservation ID for given accommodation order.
                             */
                            reservation?: number;
                            /** @description Guest remarks added while creating order. */
                            remarks?: string;
                            /**
                             * @description Status of this accommodation order.
                             * @enum {string}
                             */
                            status?: "booked" | "cancelled" | "cancelled_by_accommodation" | "cancelled_by_guest" | "no_show" | "stayed";
                            /**
                             * Format: double
                             * @description Score that predicts the likelihood of a traveller's intent to stay, based on internal calculations. A score of 0 indicates the highest likelihood of cancellation, while a score of 1 represents the highest likelihood of the traveller staying. Note: This score may not always be available.
                             */
                            stay_probability?: number | null;
                        }[];
                    };
                };
            };
        };
    };
    "/orders/details/cars": {
        parameters: {
            query?: never;
            header: {
                /** @description Include here your Affiliate identifier number */
                "X-Affiliate-Id": number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "currency": "USD",
                 *       "extras": [
                 *         "policies"
                 *       ],
                 *       "orders": [
                 *         "123456789",
                 *         98765432
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description List of order IDs for which details should be returned. */
                    orders: string[];
                    /**
                     * @description A three-letter code that uniquely identifies a monetary currency as defined by the ISO 4217 standard. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonpayments/common/payments/currencies" target="_blank">common/payments/currencies</a>.
                     * @example EUR
                     */
                    currency?: string;
                    /** @description Optional extra information groups that the user can request. It should be passed as a JSON array with one or more items. */
                    extras?: "policies"[];
                } | {
                    /** @description List of reservation IDs for which details should be returned. */
                    reservations: string[];
                    /**
                     * @description A three-letter code that uniquely identifies a monetary currency as defined by the ISO 4217 standard. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonpayments/common/payments/currencies" target="_blank">common/payments/currencies</a>.
                     * @example EUR
                     */
                    currency?: string;
                    /** @description Optional extra information groups that the user can request. It should be passed as a JSON array with one or more items. */
                    extras?: "policies"[];
                };
            };
        };
        responses: {
            /** @description Successful response. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "01fr9ez700exycb98w90w5r9sh",
                     *       "data": [
                     *         {
                     *           "id": "123456789",
                     *           "affiliate": 1234567,
                     *           "commission": {
                     *             "actual_amount": {
                     *               "depot_currency": 45.5,
                     *               "booker_currency": 66.34
                     *             },
                     *             "actual_percentage": 0.25,
                     *             "estimated_amount": {
                     *               "depot_currency": 45.5,
                     *               "booker_currency": 66.34
                     *             }
                     *           },
                     *           "currency": {
                     *             "depot": "EUR",
                     *             "booker": "USD"
                     *           },
                     *           "dropoff": {
                     *             "date": "2025-10-18T00:00:00"
                     *           },
                     *           "label": "One123",
                     *           "pickup": {
                     *             "date": "2025-10-15T00:00:00"
                     *           },
                     *           "price": {
                     *             "commissionable": {
                     *               "depot_currency": 170.01,
                     *               "booker_currency": 186.87
                     *             },
                     *             "total": {
                     *               "depot_currency": 170.01,
                     *               "booker_currency": 186.87
                     *             }
                     *           },
                     *           "products": [
                     *             {
                     *               "policies": {
                     *                 "payment": {
                     *                   "timing": "pay_now"
                     *                 }
                     *               },
                     *               "price": {
                     *                 "base": {
                     *                   "depot_currency": 170.01,
                     *                   "booker_currency": 186.87
                     *                 },
                     *                 "total": {
                     *                   "depot_currency": 170.01,
                     *                   "booker_currency": 186.87
                     *                 }
                     *               },
                     *               "status": "booked"
                     *             }
                     *           ],
                     *           "status": "booked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description Uniquely identifies the request. Please provide this identifier when contacting support. */
                        request_id?: string;
                        data?: {
                            /** @description Order ID for this car order. */
                            id?: string;
                            /** @description The affiliate ID used for this order. */
                            affiliate?: number;
                            /**
                             * OrderCommissionOutput
                             * @description Commission details for the partner for this car order.
                             */
                            commission?: {
                                /**
                                 * CarsPriceCurrency
                                 * @description Actual commission amount for this car order (`null` if value is not yet available).
                                 */
                                actual_amount?: {
                                    /** Format: double */
                                    depot_currency?: number;
                                    /** Format: double */
                                    booker_currency?: number;
                                } | null;
                                /**
                                 * Format: double
                                 * @description Actual commission percentage for this car order (`null` if value is not yet available).
                                 */
                                actual_percentage?: number | null;
                                /**
                                 * CarsPriceCurrency
                                 * @description Estimated commission amount for this car order (`null` if the actual amount is given).
                                 */
                                estimated_amount?: {
                                    /** Format: double */
                                    depot_currency?: number;
                                    /** Format: double */
                                    booker_currency?: number;
                                } | null;
                            };
                            /**
                             * OrderCurrencyOutput
                             * @description Depot and booker currencies (booker will be `null`, if the request did not specify the currency).
                             */
                            currency?: {
                                /**
                                 * @description A three-letter code that uniquely identifies a monetary currency as defined by the ISO 4217 standard. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonpayments/common/payments/currencies" target="_blank">common/payments/currencies</a>.
                                 * @example EUR
                                 */
                                depot?: string;
                                /**
                                 * @description A three-letter code that uniquely identifies a monetary currency as defined by the ISO 4217 standard. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonpayments/common/payments/currencies" target="_blank">common/payments/currencies</a>.
                                 * @example EUR
                                 */
                                booker?: string | null;
                            };
                            /** @description Drop-off depot location and time. */
                            dropoff?: {
                                /**
                                 * Format: date-time
                                 * @description Pickup/drop-off date and time. The specific time will only be available if the requester has access to personal information. Otherwise, it will be set to 00:00:00.
                                 * @example 2023-11-01T11:05:00+00:00
                                 */
                                datetime?: string;
                            };
                            /** @description Identifier associated with the car booking. */
                            label?: string | null;
                            /** @description Pick up depot location and time. */
                            pickup?: {
                                /**
                                 * Format: date-time
                                 * @description Pickup/drop-off date and time. The specific time will only be available if the requester has access to personal information. Otherwise, it will be set to 00:00:00.
                                 * @example 2023-11-01T11:05:00+00:00
                                 */
                                datetime?: string;
                            };
                            /**
                             * CarReservationPriceOutput
                             * @description The price breakdown for this car order.
                             */
                            price?: {
                                /**
                                 * CarsPriceCurrency
                                 * @description The commissionable price, representing the car rental cost used to calculate the commission amount.
                                 */
                                commissionable?: {
                                    /** Format: double */
                                    depot_currency?: number;
                                    /** Format: double */
                                    booker_currency?: number;
                                } | null;
                                /**
                                 * CarsPriceCurrency
                                 * @description The total price, including all extra charges.
                                 */
                                total?: {
                                    /** Format: double */
                                    depot_currency?: number;
                                    /** Format: double */
                                    booker_currency?: number;
                                };
                            } | null;
                            products?: {
                                /** @description Related car id */
                                car?: number;
                                /** @description The policies that apply to this product. */
                                policies?: {
                                    /** @description The payment policy that applies to this product. */
                                    payment?: {
                                        /**
                                         * @description The applied payment timing. For example 'pay_now'.
                                         * @enum {string}
                                         */
                                        timing: "pay_now" | "pay_local" | "unknown";
                                    };
                                };
                                /**
                                 * CarDetailsProductPriceOutput
                                 * @description Detailed breakdown of the product's price components.
                                 */
                                price?: {
                                    /**
                                     * CarsPriceCurrency
                                     * @description The base price. This does not include any extra charges.
                                     */
                                    base?: {
                                        /** Format: double */
                                        depot_currency?: number;
                                        /** Format: double */
                                        booker_currency?: number;
                                    } | null;
                                    /**
                                     * CarsPriceCurrency
                                     * @description The total price including any extra charges.
                                     */
                                    total?: {
                                        /** Format: double */
                                        depot_currency?: number;
                                        /** Format: double */
                                        booker_currency?: number;
                                    } | null;
                                };
                                /**
                                 * @description Status of the product.
                                 * @enum {string}
                                 */
                                status?: "booked" | "cancelled" | "cancelled_by_accommodation" | "cancelled_by_guest" | "no_show" | "stayed";
                            }[];
                            /**
                             * Format: int64
                             * @description This is the reservation id for the car in this order.
                             */
                            reservation?: number;
                            /**
                             * @description Status of this car order.
                             * @enum {string}
                             */
                            status?: "booked" | "cancelled" | "cancelled_by_accommodation" | "cancelled_by_guest" | "no_show" | "stayed";
                        }[];
                    };
                };
            };
        };
    };
    "/orders/details/flights": {
        parameters: {
            query?: never;
            header: {
                /** @description Include here your Affiliate identifier number */
                "X-Affiliate-Id": number;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * @description A three-letter code that uniquely identifies a monetary currency as defined by the ISO 4217 standard. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonpayments/common/payments/currencies" target="_blank">common/payments/currencies</a>.
                     * @example EUR
                     */
                    currency?: string;
                } & ({
                    /** @description List of order IDs for which details should be returned. Mutually exclusive with 'reservations'. */
                    orders: string[];
                } | {
                    /** @description List of reservation IDs for which details should be returned. Mutually exclusive with 'orders'. */
                    reservations: string[];
                });
            };
        };
        responses: {
            /** @description Successful response. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "id": "ORDER_ID",
                     *           "reservation": "RESERVATION_ID",
                     *           "currency": {
                     *             "booker": "EUR",
                     *             "order": "USD"
                     *           },
                     *           "itineraries": [
                     *             {
                     *               "departure": {
                     *                 "airport": "CAI",
                     *                 "date_time": "2024-03-01T07:00:00+00:00"
                     *               },
                     *               "arrival": {
                     *                 "airport": "LXR",
                     *                 "date_time": "2024-03-01T08:10:00+00:00"
                     *               }
                     *             }
                     *           ],
                     *           "label": "SAMPLE LABEL",
                     *           "price": {
                     *             "order_currency": 212.86,
                     *             "booker_currency": 197.87
                     *           },
                     *           "status": "booked"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        data?: {
                            /** @description Order id */
                            id?: string;
                            /** @description This is the reservation id for the travel service in this order. */
                            reservation?: string;
                            /** CurrencyOutput */
                            currency?: {
                                /** @description The currency of the booker. */
                                booker_currency?: string;
                                /** @description The currency in which the order was created. */
                                order_currency?: string;
                            };
                            itineraries?: {
                                /**
                                 * ItineraryPoint
                                 * @description Arrival itinerary.
                                 */
                                arrival?: {
                                    /** @description A three-letter code that uniquely identifies an airport as defined by the International Air Transport Association (IATA). The full list can be obtained by calling  [common/locations/airports](#/common/locations/airports). */
                                    airport?: string;
                                    /**
                                     * Format: date-time
                                     * @description Date time of the itinerary.
                                     */
                                    date_time?: string;
                                };
                                /**
                                 * ItineraryPoint
                                 * @description Departure itinerary.
                                 */
                                departure?: {
                                    /** @description A three-letter code that uniquely identifies an airport as defined by the International Air Transport Association (IATA). The full list can be obtained by calling  [common/locations/airports](#/common/locations/airports). */
                                    airport?: string;
                                    /**
                                     * Format: date-time
                                     * @description Date time of the itinerary.
                                     */
                                    date_time?: string;
                                };
                            }[];
                            /** @description Identifier associated with the order. */
                            label?: string;
                            /** PriceOutput */
                            price?: {
                                /**
                                 * Format: double
                                 * @description The price in the currency of the booker
                                 */
                                booker_currency?: number;
                                /**
                                 * Format: double
                                 * @description The price in the currency in which order was created
                                 */
                                order_currency?: number;
                            };
                            /** @enum {string} */
                            status?: "booked" | "cancelled" | "unknown";
                        }[];
                        /** @description Uniquely identifies the request. Please provide this identifier when contacting support. */
                        request_id?: string;
                    };
                };
            };
        };
    };
    "/orders/modify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Order ID to be modified */
                    order: string;
                    modification: {
                        accommodation: {
                            /** @description Reservation ID */
                            reservation: number;
                            change: {
                                /**
                                 * Format: date
                                 * @description New checkin date
                                 */
                                checkin: string;
                                /**
                                 * Format: date
                                 * @description New checkout date
                                 */
                                checkout: string;
                            } | {
                                /**
                                 * Format: int64
                                 * @description Room reservation ID
                                 */
                                room_reservation?: number;
                                allocation?: {
                                    number_of_adults?: number;
                                };
                                /** @description Guest information for the room. */
                                guests?: {
                                    name?: string;
                                }[];
                                /** @enum {string} */
                                smoking_preference?: "no_preference" | "non_smoking" | "smoking";
                            };
                            /**
                             * @description Type of the accommodation change
                             * @enum {string}
                             */
                            type: "dates" | "room";
                        };
                    };
                } | {
                    /** @description Order ID to be modified */
                    order: string;
                    modification: {
                        payment: {
                            change: {
                                /** @description Cardholder name */
                                cardholder: string;
                                /** @description A 3 or 4 digit Card Verification Code (CVC) associated with the used card */
                                cvc: string;
                                /**
                                 * Format: YYYY-MM
                                 * @description Card expiry date
                                 */
                                expiry_date: string;
                                /** @description Card number */
                                number: string;
                            };
                            /**
                             * @description Type of the payment change
                             * @enum {string}
                             */
                            type: "card";
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Successful modification */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        modification?: {
                            accommodation?: {
                                /**
                                 * Format: double
                                 * @description New price to be paid after the modification
                                 */
                                new_price?: number;
                                /**
                                 * @description Status for this modification request.
                                 * @enum {string}
                                 */
                                status?: "successful" | "failed";
                            };
                        };
                    } | {
                        modifications?: {
                            payment?: {
                                /**
                                 * @description Status for this modification request.
                                 * @enum {string}
                                 */
                                status?: "successful" | "failed";
                            };
                        };
                    };
                };
            };
        };
    };
    "/orders/cancel": {
        parameters: {
            query?: never;
            header: {
                /** @description Include here your Affiliate identifier number */
                "X-Affiliate-Id": components["parameters"]["AffiliateIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "order": "509430129718799",
                 *       "reason": "I would like to book another property instead of this one."
                 *     }
                 */
                "application/json": {
                    /** @description ID of the order to cancel. */
                    order: string;
                    /** @description The reason for cancelling this order. */
                    reason: string;
                    /** @description (accommodations only) If the reservation has a cancellation fee, request the property to waive the fee and cancel for free. Subject to approval by the property. */
                    request_property_approval?: string;
                };
            };
        };
        responses: {
            /** @description Successful response. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "01fr9ez700exycb98w90w5r9sh",
                     *       "data": {
                     *         "status": "successful"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @description Uniquely identifies the request. Please provide this identifier when contacting support. */
                        request_id?: string;
                        /** OrdersCancelDataOutput */
                        data?: {
                            /**
                             * @description Status for this cancellation request.
                             * @enum {string}
                             */
                            status?: "successful" | "failed";
                        };
                    };
                };
            };
        };
    };
    "/search": {
        parameters: {
            query?: never;
            header: {
                /** @description Include here your Affiliate identifier number */
                "X-Affiliate-Id": components["parameters"]["AffiliateIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Defines the booker context. */
                    booker: {
                        /**
                         * @description The booker country for showing the best price for that user and obeying laws regarding the display of taxes and fees.
                         * @example nl
                         */
                        country: string;
                    };
                    /**
                     * @description A three-letter code that uniquely identifies a monetary currency as defined by the ISO 4217 standard. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonpayments/common/payments/currencies" target="_blank">common/payments/currencies</a>.
                     * @example EUR
                     */
                    currency: string;
                    /** @description Defines the driver context. */
                    driver: {
                        /** @description Driver age. Affect the availability and price of the products. */
                        age: number;
                    };
                    /** @description Defines the filtering criteria for refining the request results. It allows you to specify various parameters to narrow down the available car rental options based on specific attributes. */
                    filters?: {
                        /** @description Filters the results to include car rentals with or without air conditioning. Setting this value to true will only return vehicles with air conditioning, while false will exclude them. */
                        air_conditioning?: boolean;
                        /** @description Filters the result based on the selected car category. */
                        car_categories?: unknown;
                        /** @description Indicates the specific type of location where the car rental depot is situated. This helps you accurately inform travellers about the nature of the pick-up point—whether it's located inside an airport terminal, at a train station, in a downtown area, or elsewhere. This field is optional and may be null if the location type is not defined. */
                        depot_location_type?: unknown;
                        /**
                         * @description Filters the results based on the mileage type associated with the rental vehicle
                         * @enum {string}
                         */
                        mileage_type?: "limited" | "unlimited";
                        /** @description Filters the results based on the number of seats in the vehicle. This allows you to specify a vehicle that can accommodate a specific number of passengers. */
                        number_of_seats?: number;
                        /** @description Filters the results based on the supplier ID of the vehicle. This allows you to retrieve vehicles from specific suppliers. A maximum of 10 supplier IDs can be provided. */
                        supplier_ids?: number[];
                        /**
                         * @description Filters the results based on the transmission type of the vehicle.
                         * @enum {string}
                         */
                        transmission_type?: "automatic" | "manual";
                    };
                    /**
                     * @description The maximum number of results to return per page.
                     * @default 100
                     */
                    maximum_results?: number;
                    /**
                     * @description Effects on the selected language of the target website after redirection by provided url.
                     * @example en-us
                     */
                    language?: string;
                    /** @description Pagination token used to retrieve the next page of results. Obtained from `next_page`. */
                    page?: string;
                    /** @description Payment-related input filters that allow you to narrow down car search results based on the payment timing options. */
                    payment?: {
                        /** @description Filters the results to include only car rentals that offer the specified payment timings. Use this parameter to search for cars based on the timing of payment (e.g., payment upfront, partial payment, or payment at the depot). */
                        timings?: ("pay_now" | "part_pay" | "pay_local")[];
                    };
                    /** @description Defines the route context. */
                    route: {
                        /** @description Drop off location and time. */
                        dropoff: {
                            /**
                             * @description Pick up / drop off datetime.
                             * @example 2025-11-10T11:05:00
                             */
                            datetime: string;
                            /** @description Pick up / drop off location. */
                            location: {
                                /**
                                 * @description A three-letter code that uniquely identifies an airport as defined by the International Air Transport Association (IATA). The full list can be obtained by calling  <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/airports" target="_blank">common/locations/airports</a>.
                                 * @example AMS
                                 */
                                airport?: string;
                            } | {
                                /**
                                 * Coordinates
                                 * @description Defines the geographic coordinates of the searched location.
                                 */
                                coordinates?: {
                                    /** Format: double */
                                    latitude?: number;
                                    /** Format: double */
                                    longitude?: number;
                                };
                            } | {
                                /** @description A signed integer number that uniquely identifies a city. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/cities" target="_blank">common/locations/cities</a>. */
                                city?: number;
                            };
                        };
                        /** @description Pick up location and time. */
                        pickup: {
                            /**
                             * @description Pick up / drop off datetime.
                             * @example 2025-11-05T11:05:00
                             */
                            datetime: string;
                            /** @description Pick up / drop off location. */
                            location: {
                                /**
                                 * @description A three-letter code that uniquely identifies an airport as defined by the International Air Transport Association (IATA). The full list can be obtained by calling  <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/airports" target="_blank">common/locations/airports</a>.
                                 * @example AMS
                                 */
                                airport?: string;
                            } | {
                                /**
                                 * Coordinates
                                 * @description Defines the geographic coordinates of the searched location.
                                 */
                                coordinates?: {
                                    /** Format: double */
                                    latitude?: number;
                                    /** Format: double */
                                    longitude?: number;
                                };
                            } | {
                                /** @description A signed integer number that uniquely identifies a city. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/cities" target="_blank">common/locations/cities</a>. */
                                city?: number;
                            };
                        };
                    };
                    /** @description The sorting parameters for the response. */
                    sort?: {
                        /**
                         * @description The way to sort your results.
                         * @enum {string}
                         */
                        by?: "distance" | "price" | "review_score";
                        /**
                         * @description The direction you wish for your sort.by parameter to be sorted in.
                         * @enum {string}
                         */
                        direction?: "ascending" | "descending";
                    };
                };
            };
        };
        responses: {
            /** @description Successful response. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "01h00fr9y7qkbxtc6kyv97j49z",
                     *       "data": [
                     *         {
                     *           "car": 122655,
                     *           "policies": {
                     *             "cancellation": {
                     *               "type": "free_cancellation",
                     *               "details": {
                     *                 "context": "before_pickup",
                     *                 "duration": "P7D"
                     *               }
                     *             },
                     *             "damage_excess": 3000,
                     *             "deposit": 1500,
                     *             "insurance_package": "basic",
                     *             "fuel": "return_same",
                     *             "mileage": {
                     *               "distance": 200,
                     *               "distance_unit": "kilometers",
                     *               "fee": 12.54,
                     *               "type": "limited"
                     *             },
                     *             "payment": {
                     *               "timing": "pay_now"
                     *             },
                     *             "theft_excess": 3000
                     *           },
                     *           "price": {
                     *             "total": "121.90",
                     *             "currency": "EUR",
                     *             "extra_charges": [
                     *               {
                     *                 "charge": "age_fee",
                     *                 "total_amount": 21.9
                     *               },
                     *               {
                     *                 "charge": "one_way_fee",
                     *                 "total_amount": 50
                     *               }
                     *             ]
                     *           },
                     *           "route": {
                     *             "dropoff": {
                     *               "depot": 112314
                     *             },
                     *             "pickup": {
                     *               "depot": 112314
                     *             }
                     *           },
                     *           "supplier": 7455,
                     *           "url": {
                     *             "app": "booking://page",
                     *             "web": "https://example.com"
                     *           }
                     *         }
                     *       ],
                     *       "metadata": {
                     *         "next_page": "eyJhbGciOiJIUzI1NiJ9.eyJwIjp7Im1heGltdW1fcmVzdWx0cyI6MTAsIm9mZnNldCI6MTB9LCJhdWQiOiJDQVJTX1NVUFBMSUVSUyIsImV4cCI6MTY4MzY0NzMwNX0.y7NmH48mm7lImd2WxsHdotj6n-dVQAzJCGCnIJCKy3A",
                     *         "total_results": 122
                     *       },
                     *       "search_token": "eyJhbGciOiJIUzI1NiJ9.eyJwIjp7ImJvb2tlciI6eyJjb3VudHJ5IjoidXMifX0sImF1ZCI6Ii9ob3RlbHMvc2VhcmNoIiwiZXhwIjoxNzUwMDAwMDAwfQ.XYZ123AbcDefGHIjklMNOpqrsTUVwxYZ456789"
                     *     }
                     */
                    "application/json": {
                        /** @description Uniquely identifies the request. Please provide this identifier when contacting support. */
                        request_id?: string;
                        data?: {
                            /** @description Related car id */
                            car?: number;
                            /**
                             * Deal
                             * @description This specifies the deal tagging for the product.
                             */
                            deal?: {
                                /** @description Discount percentage of the applied deals. */
                                discount_percentage?: number;
                                /** @description Original price of this product, before applying any discounts. */
                                public_price?: number;
                                /** @description The tags of all the applied deals. */
                                tags?: ("black_friday" | "getaway_deal" | "mobile_rate")[];
                            } | null;
                            /** @description The policies that apply to this product. */
                            policies?: {
                                /** @description The cancellation policy that applies to this product. */
                                cancellation?: {
                                    /**
                                     * @description Provides the policy details if the cancellation is free. For example:
                                     *      1. duration='PT48H' and context=before_pickup means 'Free cancellation is available up to 48 hrs before pick up'.
                                     *      2. duration='P7D' and context=within_given_time_period_of_booking means 'Free cancellation is available within 7 days of booking'
                                     */
                                    details?: {
                                        /**
                                         * @description The context in which the cancellation policy applies. For example 'before_pickup'
                                         * @enum {string}
                                         */
                                        context?: "before_pickup" | "within_given_time_period_of_booking";
                                        /** @description The duration until which the cancellation is free. This is in ISO-8601/Duration format. */
                                        duration?: string;
                                    } | null;
                                    /**
                                     * @description The type of cancellation present. For example 'free_cancellation' or 'non_refundable'.
                                     * @enum {string}
                                     */
                                    type?: "free_cancellation" | "non_refundable";
                                };
                                /**
                                 * Format: double
                                 * @description The maximum amount a traveller may be charged for damages to the car during the rental period, as specified by the rental agreement.
                                 */
                                damage_excess?: number | null;
                                /**
                                 * Format: double
                                 * @description The amount of money that will be temporarily pre-authorised or blocked on the traveller’s credit card at the rental location as a security deposit, to cover potential damage or extra charges.
                                 */
                                deposit?: number | null;
                                /**
                                 * @description The supplier insurance package that applies to this car rental product. Possible values:
                                 *       - `basic`: No insurance is included. The traveller is usually required to purchase coverage at the rental counter.
                                 *       - `inclusive`: Full protection is provided. Collision Damage Waiver (CDW) is included, limiting the traveller’s financial liability for damage.
                                 *       - `zero_excess`: Partial protection is provided. CDW is included, but some coverage elements (e.g., theft protection) may not be included, so the traveller could still be liable for certain costs.
                                 * @enum {string}
                                 */
                                insurance_package?: "basic" | "inclusive" | "zero_excess";
                                /**
                                 * @description The fuel policy that applies to this product.
                                 * @enum {string}
                                 */
                                fuel?: "return_same" | "return_same_or_prepay_no_refunds" | "return_same_preauth" | "free_tank" | "prepay_no_refunds" | "prepay_part_refunds" | "prepay_refunds";
                                /** @description The mileage policy that applies to this product. */
                                mileage?: {
                                    /** @description The maximal distance limit allowed for this product before additional fees apply. */
                                    distance?: number | null;
                                    /**
                                     * @description The unit of measurement for the distance limit. For example 'km' or 'miles'.
                                     * @enum {string}
                                     */
                                    distance_unit?: "kilometers" | "miles";
                                    /**
                                     * Format: double
                                     * @description The fee that must be paid if the distance limit is exceeded.
                                     */
                                    fee: number | null;
                                    /**
                                     * @description The type of mileage policy applied.
                                     * @enum {string}
                                     */
                                    type: "limited" | "unlimited";
                                };
                                /** @description The payment policy that applies to this product. */
                                payment?: {
                                    /**
                                     * @description The applied payment timing. For example 'pay_now'.
                                     * @enum {string}
                                     */
                                    timing: "pay_now" | "part_pay" | "pay_local";
                                };
                                /**
                                 * Format: double
                                 * @description The maximum amount a traveller may be charged in the event of car theft during the rental period, as outlined in the rental agreement.
                                 */
                                theft_excess?: number | null;
                            };
                            /** @description The price components of this product. */
                            price?: {
                                /**
                                 * @description A three-letter code that uniquely identifies a monetary currency as defined by the ISO 4217 standard. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonpayments/common/payments/currencies" target="_blank">common/payments/currencies</a>.
                                 * @example EUR
                                 */
                                currency?: string;
                                /**
                                 * CarsProductExtraCharges
                                 * @description The charge breakdown. Includes taxes and fees included in the drive away price.
                                 */
                                extra_charges?: {
                                    /**
                                     * @description The type of this charge.
                                     * @enum {string}
                                     */
                                    charge?: "age_fee" | "one_way_fee";
                                    /** @description The total price for this charge. */
                                    total_amount?: number;
                                }[];
                                /** @description The total price. Includes all extra charges. */
                                total?: number;
                            };
                            /** @description Defines the actual route associated with the product. */
                            route?: {
                                /** @description Defines the product drop off route point. */
                                dropoff?: {
                                    /**
                                     * @description Pick up / drop off depot.
                                     * @example 5944
                                     */
                                    depot?: number;
                                };
                                /** @description Defines the product pick up route point. */
                                pickup?: {
                                    /**
                                     * @description Pick up / drop off depot.
                                     * @example 5944
                                     */
                                    depot?: number;
                                };
                            };
                            /** @description Related supplier id. */
                            supplier?: number;
                            /** @description Urls to the relevant pages. */
                            url?: {
                                /**
                                 * Format: uri
                                 * @description URL for the related page on Booking App.
                                 */
                                app?: string;
                                /**
                                 * Format: uri
                                 * @description URL for the related page on cars.booking.com.
                                 */
                                web?: string;
                            };
                        }[];
                        /**
                         * MetadataOutput
                         * @description Metadata about the request.
                         */
                        metadata?: {
                            /** @description Indicates that more results are available. Use this pagination token to retrieve the next page of results (via parameter `page`). */
                            next_page?: string | null;
                            /** @description The total number of results available. */
                            total_results?: number;
                        };
                        /** @description Encoded string that must be passed in subsequent requests to identify the context of the car search. Note: It is specific to Car rentals and differs from other tokens used in booking flows. */
                        search_token?: string;
                    };
                };
            };
        };
    };
    "/depots": {
        parameters: {
            query?: never;
            header: {
                /** @description Include here your Affiliate identifier number */
                "X-Affiliate-Id": components["parameters"]["AffiliateIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "last_modified": "2025-11-01T11:05:00+00:00",
                 *       "maximum_results": 100,
                 *       "languages": [
                 *         "en-gb",
                 *         "nl"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: date-time
                     * @description The last modified date-time, only returns depots newer than this timestamp.
                     * @example 2025-11-01T11:05:00+00:00
                     */
                    last_modified?: string;
                    /**
                     * @description The maximum number of results to return.
                     * @default 100
                     */
                    maximum_results?: number;
                    /**
                     * @default [
                     *       "en-gb"
                     *     ]
                     */
                    languages?: string[];
                    /** @description Pagination token used to retrieve the next page of results. Obtained from `next_page`. */
                    page?: string;
                };
            };
        };
        responses: {
            /** @description Successful response. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "01fr9ez700exycb98w90w5r9sh",
                     *       "data": [
                     *         {
                     *           "id": 5944,
                     *           "contact": {
                     *             "email": "depot@test.booking.com",
                     *             "telephone": "+31882847620"
                     *           },
                     *           "city": "-1471393",
                     *           "drop_off": {
                     *             "instructions": {
                     *               "en-gb": "The procedure for returning the vehicle will be explained to you at the rental counter.",
                     *               "de": "De procedure voor het inleveren van de auto zal worden toegelicht aan de balie."
                     *             },
                     *             "working_hours": {
                     *               "monday": [
                     *                 {
                     *                   "closing_time": "21:00:00",
                     *                   "opening_time": "07:00:00"
                     *                 }
                     *               ],
                     *               "tuesday": [
                     *                 {
                     *                   "closing_time": "12:00:00",
                     *                   "opening_time": "07:00:00"
                     *                 },
                     *                 {
                     *                   "closing_time": "21:00:00",
                     *                   "opening_time": "14:00:00"
                     *                 }
                     *               ],
                     *               "wednesday": [
                     *                 {
                     *                   "closing_time": "21:00:00",
                     *                   "opening_time": "07:00:00"
                     *                 }
                     *               ],
                     *               "thursday": [
                     *                 {
                     *                   "closing_time": "21:00:00",
                     *                   "opening_time": "07:00:00"
                     *                 }
                     *               ],
                     *               "friday": [
                     *                 {
                     *                   "closing_time": "21:00:00",
                     *                   "opening_time": "07:00:00"
                     *                 }
                     *               ],
                     *               "saturday": [
                     *                 {
                     *                   "closing_time": "21:00:00",
                     *                   "opening_time": "07:00:00"
                     *                 }
                     *               ],
                     *               "sunday": [
                     *                 {
                     *                   "closing_time": "21:00:00",
                     *                   "opening_time": "07:00:00"
                     *                 }
                     *               ]
                     *             }
                     *           },
                     *           "location": {
                     *             "address": "5 Aankomstpassage",
                     *             "airport": "AMS",
                     *             "city": -2140479,
                     *             "coordinates": {
                     *               "latitude": 52.309456,
                     *               "longitude": 4.762266
                     *             },
                     *             "country": "nl",
                     *             "depot_location_type": "airport_hotel",
                     *             "name": {
                     *               "en-gb": "Amsterdam Airport Schiphol - Terminal 3",
                     *               "de": "Amsterdam Luchthaven Schiphol - Terminal 3"
                     *             },
                     *             "post_code": "1118 AX"
                     *           },
                     *           "pick_up": {
                     *             "instructions": {
                     *               "en-gb": "-",
                     *               "de": "-"
                     *             },
                     *             "working_hours": {
                     *               "monday": [
                     *                 {
                     *                   "closing_time": "21:00:00",
                     *                   "opening_time": "07:00:00"
                     *                 }
                     *               ],
                     *               "tuesday": [
                     *                 {
                     *                   "closing_time": "12:00:00",
                     *                   "opening_time": "07:00:00"
                     *                 },
                     *                 {
                     *                   "closing_time": "21:00:00",
                     *                   "opening_time": "14:00:00"
                     *                 }
                     *               ],
                     *               "wednesday": [
                     *                 {
                     *                   "closing_time": "21:00:00",
                     *                   "opening_time": "07:00:00"
                     *                 }
                     *               ],
                     *               "thursday": [
                     *                 {
                     *                   "closing_time": "21:00:00",
                     *                   "opening_time": "07:00:00"
                     *                 }
                     *               ],
                     *               "friday": [
                     *                 {
                     *                   "closing_time": "21:00:00",
                     *                   "opening_time": "07:00:00"
                     *                 }
                     *               ],
                     *               "saturday": [
                     *                 {
                     *                   "closing_time": "21:00:00",
                     *                   "opening_time": "07:00:00"
                     *                 }
                     *               ],
                     *               "sunday": [
                     *                 {
                     *                   "closing_time": "21:00:00",
                     *                   "opening_time": "07:00:00"
                     *                 }
                     *               ]
                     *             }
                     *           },
                     *           "services": [
                     *             "shuttle"
                     *           ],
                     *           "supplier": 47
                     *         }
                     *       ],
                     *       "metadata": {
                     *         "next_page": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @description Uniquely identifies the request. Please provide this identifier when contacting support. */
                        request_id?: string;
                        data?: {
                            /**
                             * @description Unique depot's ID.
                             * @example 5944
                             */
                            id?: number;
                            /** @description Contact information of the depot. It can be `null` if the data is missing. */
                            contact?: {
                                /**
                                 * @description Email address of the depot. It can be `null` if the data is missing.
                                 * @example depot@test.booking.com
                                 */
                                email?: string | null;
                                /**
                                 * @description Telephone number of the depot. It can be `null` if the data is missing.
                                 * @example +31882847620
                                 */
                                telephone?: string | null;
                            };
                            /**
                             * @description A signed integer number that uniquely identifies a city. You can see the full list of cities ids calling common/locations/cities.
                             * @example -1471393
                             */
                            city?: number;
                            /** @description Contains rented car drop off information. */
                            drop_off?: {
                                /**
                                 * TranslatedString
                                 * @description Drop off/pick up instructions.
                                 */
                                instructions?: {
                                    [key: string]: string | null;
                                } | null;
                                /** @description Depot's working hours. */
                                working_hours?: {
                                    [key: string]: {
                                        /**
                                         * Format: time
                                         * @description Depot's closing time
                                         * @example 21:00
                                         */
                                        closing_time?: string;
                                        /**
                                         * Format: time
                                         * @description Depot's opening time.
                                         * @example 07:00
                                         */
                                        opening_time?: string;
                                    }[];
                                } | null;
                            };
                            /** @description Depot location information. */
                            location?: {
                                /**
                                 * @description Depot address information.
                                 * @example 5 Aankomstpassage
                                 */
                                address?: string | null;
                                /**
                                 * @description Airport IATA code.
                                 * @example AMS
                                 */
                                airport?: string | null;
                                /** @description A signed integer number that uniquely identifies a city. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/cities" target="_blank">common/locations/cities</a>. */
                                city?: number;
                                /**
                                 * @description Indicates the specific type of location where the car rental depot is situated. This helps you accurately inform travellers about the nature of the pick-up point—whether it's located inside an airport terminal, at a train station, in a downtown area, or elsewhere. This field is optional and may be null if the location type is not defined.
                                 * @enum {string|null}
                                 */
                                depot_location_type?: "in_terminal" | "car_rental_centre" | "outside_terminal" | "airport_hotel" | "shuttle_bus" | "meet_greet" | "trainstation" | "downtown" | null;
                                /** Coordinates */
                                coordinates?: {
                                    /** Format: double */
                                    latitude?: number;
                                    /** Format: double */
                                    longitude?: number;
                                };
                                /**
                                 * @description A two-letter code that uniquely identifies a country. This code is defined by the ISO 3166-1 alpha-2 standard (ISO2) as described here: https://en.wikipedia.org/wiki/ISO_3166-1_alpha-2. The full list can be obtained by calling <a href="/demand/docs/open-api/demand-api/commonlocations/common/locations/countries" target="_blank">common/locations/countries</a>.
                                 * @example nl
                                 */
                                country?: string;
                                /**
                                 * TranslatedString
                                 * @description Translated depot name.
                                 * @example Amsterdam Airport Schiphol - Terminal 3
                                 */
                                name?: {
                                    [key: string]: string | null;
                                };
                                /**
                                 * @description Depot post code
                                 * @example 1118 AX
                                 */
                                post_code?: string;
                            };
                            /** @description Contains rented car pick up information. */
                            pick_up?: {
                                /**
                                 * TranslatedString
                                 * @description Drop off/pick up instructions.
                                 */
                                instructions?: {
                                    [key: string]: string | null;
                                } | null;
                                /** @description Depot's working hours. */
                                working_hours?: {
                                    [key: string]: {
                                        /**
                                         * Format: time
                                         * @description Depot's closing time
                                         * @example 21:00
                                         */
                                        closing_time?: string;
                                        /**
                                         * Format: time
                                         * @description Depot's opening time.
                                         * @example 07:00
                                         */
                                        opening_time?: string;
                                    }[];
                                };
                            };
                            /** @description List of services provided by the depot. */
                            services?: ("shuttle" | "meet_greet" | "unknown")[];
                            /** @description Related supplier id */
                            supplier?: number;
                            /** @description Number of reviews and average score for the depot. */
                            ratings?: {
                                /** @description Number of validated reviews for this depot. */
                                number_of_reviews?: number;
                                /** @description A decimal number indicating the current review score of this depot, in the range 1..10. */
                                score?: number;
                            } | null;
                        }[];
                        /** @description Metadata about the request. */
                        metadata?: {
                            /** @description Indicates that more results are available. Use this pagination token to retrieve the next page of results (via parameter `page`). */
                            next_page?: string | null;
                        };
                    };
                };
            };
        };
    };
    "/depots/reviews/scores": {
        parameters: {
            query?: never;
            header: {
                /** @description Include here your Affiliate identifier number */
                "X-Affiliate-Id": components["parameters"]["AffiliateIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "maximum_results": 10
                 *     }
                 */
                "application/json": {
                    /**
                     * @description The maximum number of results to return.
                     * @default 100
                     */
                    maximum_results?: number;
                    /** @description Pagination token used to retrieve the next page of results. Obtained from `next_page`. */
                    page?: string;
                };
            };
        };
        responses: {
            /** @description Successful response. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "01fr9ez700exycb98w90w5r9sh",
                     *       "data": [
                     *         {
                     *           "id": 5944,
                     *           "breakdown": {
                     *             "cleanliness": {
                     *               "score": 8.7
                     *             },
                     *             "condition": {
                     *               "score": 8.7
                     *             },
                     *             "drop_off_speed": {
                     *               "score": 8.7
                     *             },
                     *             "friendliness": {
                     *               "score": null
                     *             },
                     *             "likeliness_rent_again": {
                     *               "score": 8.7
                     *             },
                     *             "location": {
                     *               "score": 8.7
                     *             },
                     *             "pick_up_speed": {
                     *               "score": 8.7
                     *             },
                     *             "value_for_money": {
                     *               "score": 8.7
                     *             }
                     *           },
                     *           "number_of_reviews": 105,
                     *           "score": 9.1
                     *         }
                     *       ],
                     *       "metadata": {
                     *         "next_page": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @description Uniquely identifies the request. Please provide this identifier when contacting support. */
                        request_id?: string;
                        data?: {
                            /**
                             * @description Uniquely identifies a depot. The full list can be obtained by calling [/cars/depots](#/cars/depots).
                             * @example 5944
                             */
                            id?: number;
                            /** @description Review scores breakdown for each criteria. List of criteria includes: cleanliness, condition, drop_off_speed, efficiency, expense, location, pick_up_speed. */
                            breakdown?: {
                                [key: string]: {
                                    /** @description A decimal number indicating the review score of this criteria, in the range 1..10. */
                                    score?: number | null;
                                };
                            };
                            /** @description Number of validated reviews for this depot. */
                            number_of_reviews?: number | null;
                            /** @description A decimal number indicating the current review score of this depot, in the range 1..10. */
                            score?: number | null;
                        }[];
                        /** @description Metadata about the request. */
                        metadata?: {
                            /** @description Indicates that more results are available. Use this pagination token to retrieve the next page of results (via parameter `page`). */
                            next_page?: string | null;
                        };
                    };
                };
            };
        };
    };
    "/details": {
        parameters: {
            query?: never;
            header: {
                /** @description Include here your Affiliate identifier number */
                "X-Affiliate-Id": components["parameters"]["AffiliateIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "last_modified": "2025-12-01T11:05:00+00:00",
                 *       "maximum_results": 100
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: date-time
                     * @description The last modified date-time, only returns depots newer than this timestamp. The value should be within last 7 days
                     * @example 2025-12-01T11:05:00+00:00
                     */
                    last_modified?: string;
                    /**
                     * @description The maximum number of results to return.
                     * @default 100
                     */
                    maximum_results?: number;
                    /** @description Pagination token used to retrieve the next page of results. Obtained from `next_page`. */
                    page?: string;
                };
            };
        };
        responses: {
            /** @description Successful response. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "01fr9ez700exycb98w90w5r9sh",
                     *       "data": [
                     *         {
                     *           "id": 37715,
                     *           "capacity": {
                     *             "bags": {
                     *               "large": 1,
                     *               "small": 1
                     *             },
                     *             "doors": "4/2",
                     *             "seats": "4+2"
                     *           },
                     *           "features": [
                     *             "air_conditioning",
                     *             "all_wheel_drive"
                     *           ],
                     *           "image": "https://example.com/image.jpg",
                     *           "make": "hyundai",
                     *           "model": "elantra",
                     *           "specification": {
                     *             "code": "ECAR",
                     *             "description": "economy",
                     *             "fuel": "petrol",
                     *             "transmission": "automatic"
                     *           },
                     *           "supplier": 423
                     *         }
                     *       ],
                     *       "metadata": {
                     *         "next_page": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @description Uniquely identifies the request. Please provide this identifier when contacting support. */
                        request_id?: string;
                        data?: {
                            /** @description Unique car's ID. */
                            id?: number;
                            /** @description Car's capacity */
                            capacity?: {
                                /** @description Car's baggage capacity. */
                                bags?: {
                                    /** @description Number of large bags. */
                                    large?: number;
                                    /** @description Number of small bags. */
                                    small?: number;
                                } | null;
                                /** @description Number of doors in the car. */
                                doors?: string;
                                /** @description Number of seats in the car. */
                                seats?: string;
                            };
                            /** @description List of possible car's features. */
                            features?: ("air_conditioning" | "all_wheel_drive")[];
                            /** @description Car's image URL. */
                            image?: string;
                            /** @description Car's maker/brand. */
                            make?: string;
                            /** @description Car's model. */
                            model?: string;
                            /** @description Car's specification. */
                            specification?: {
                                /** @description Car's code in [ACRISS Standard](https://www.acriss.org/car-codes/expanded-matrix/). */
                                code?: string;
                                /** @description Car Description Based on [ACRISS Category and Type](https://www.acriss.org/car-codes/expanded-matrix/). */
                                description?: string;
                                /**
                                 * @description Car's fuel type.
                                 * @enum {string}
                                 */
                                fuel?: "electric" | "petrol" | "plug_in_hybrid" | "multi_fuel" | "diesel" | "hybrid" | "lpg" | "hydrogen" | "ethanol" | "unspecified";
                                /**
                                 * @description Car's transmission.
                                 * @enum {string}
                                 */
                                transmission?: "automatic" | "manual";
                            };
                            /** @description Related supplier id. */
                            supplier?: number;
                        }[];
                        /** @description Metadata about the request. */
                        metadata?: {
                            /** @description Indicates that more results are available. Use this pagination token to retrieve the next page of results (via parameter `page`). */
                            next_page?: string | null;
                        };
                    };
                };
            };
        };
    };
    "/suppliers": {
        parameters: {
            query?: never;
            header: {
                /** @description Include here your Affiliate identifier number */
                "X-Affiliate-Id": components["parameters"]["AffiliateIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "suppliers": [
                 *         62
                 *       ]
                 *     }
                 */
                "application/json": {
                    /**
                     * @description The maximum number of results to return.
                     * @default 100
                     */
                    maximum_results?: number;
                    /** @description Pagination token used to retrieve the next page of results. Obtained from `next_page`. */
                    page?: string;
                    /** @description Defines the suppliers that should be returned. Without it all suppliers will be returned */
                    suppliers?: number[];
                };
            };
        };
        responses: {
            /** @description Successful response. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "01fr9ez700exycb98w90w5r9sh",
                     *       "data": [
                     *         {
                     *           "id": 62,
                     *           "name": "Budget",
                     *           "logo": "https://example.com/path_to_the_logo.jpeg"
                     *         }
                     *       ],
                     *       "metadata": {
                     *         "next_page": null,
                     *         "total_results": 1
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @description Uniquely identifies the request. Please provide this identifier when contacting support. */
                        request_id?: string;
                        data?: {
                            /** @description Uniquely identifies a vehicle supplier. The full list can be obtained by calling /cars/suppliers. */
                            id?: number;
                            /**
                             * Format: uri
                             * @description Supplier logo image URL.
                             */
                            logo?: string;
                            /** @description Brand name of the vehicle supplier. */
                            name?: string;
                        }[];
                        /**
                         * MetadataOutput
                         * @description Metadata about the request.
                         */
                        metadata?: {
                            /** @description Indicates that more results are available. Use this pagination token to retrieve the next page of results (via parameter `page`). */
                            next_page?: string | null;
                            /** @description The total number of results available. */
                            total_results?: number;
                        };
                    };
                };
            };
        };
    };
    "/constants": {
        parameters: {
            query?: never;
            header: {
                /** @description Include here your Affiliate identifier number */
                "X-Affiliate-Id": components["parameters"]["AffiliateIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "languages": [
                 *         "de",
                 *         "en-gb"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description A list of car rental constant types to filter the results by. This allows you to narrow down the result based on particular criteria, such as fuel_policy, payment_timings etc. */
                    constants?: ("depot_services" | "fuel_policies" | "fuel_types" | "general" | "payment_timings" | "transmission")[];
                    /**
                     * @default [
                     *       "en-gb"
                     *     ]
                     */
                    languages?: string[];
                };
            };
        };
        responses: {
            /** @description Successful response. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "01jpvx9va93ghgwxq7zypagvdr",
                     *       "data": {
                     *         "depot_services": [
                     *           {
                     *             "id": "meet_greet",
                     *             "name": {
                     *               "de": "Meet & Greet",
                     *               "en-gb": "Meet & Greet"
                     *             }
                     *           },
                     *           {
                     *             "id": "shuttle",
                     *             "name": {
                     *               "de": "Shuttlebus",
                     *               "en-gb": "Shuttle Bus"
                     *             }
                     *           }
                     *         ],
                     *         "fuel_policies": [
                     *           {
                     *             "id": "free_tank",
                     *             "name": {
                     *               "de": "Kostenlose Tankfüllung",
                     *               "en-gb": "Free Tank"
                     *             }
                     *           },
                     *           {
                     *             "id": "prepay_no_refunds",
                     *             "name": {
                     *               "de": "Vorab-Einkauf",
                     *               "en-gb": "Pre-Purchase"
                     *             }
                     *           },
                     *           {
                     *             "id": "prepay_part_refunds",
                     *             "name": {
                     *               "de": "Vorab-Einkauf (Teilerstattung)",
                     *               "en-gb": "Pre-purchase (partial refund)"
                     *             }
                     *           },
                     *           {
                     *             "id": "prepay_refunds",
                     *             "name": {
                     *               "de": "Vorab-Einkauf",
                     *               "en-gb": "Pre-Purchase"
                     *             }
                     *           },
                     *           {
                     *             "id": "return_same",
                     *             "name": {
                     *               "de": "Gleiche Tankfüllung",
                     *               "en-gb": "Like for like"
                     *             }
                     *           }
                     *         ],
                     *         "fuel_types": [
                     *           {
                     *             "id": "electric",
                     *             "name": {
                     *               "de": "Rein elektrisch",
                     *               "en-gb": "Fully electric"
                     *             }
                     *           },
                     *           {
                     *             "id": "hybrid",
                     *             "name": {
                     *               "de": "Hybrid",
                     *               "en-gb": "Hybrid"
                     *             }
                     *           },
                     *           {
                     *             "id": "petrol",
                     *             "name": {
                     *               "de": "Benzin",
                     *               "en-gb": "Petrol"
                     *             }
                     *           },
                     *           {
                     *             "id": "plug_in_hybrid",
                     *             "name": {
                     *               "de": "Plug-in-Hybrid",
                     *               "en-gb": "Plug-in hybrid"
                     *             }
                     *           }
                     *         ],
                     *         "general": [
                     *           {
                     *             "id": "air_conditioning",
                     *             "name": {
                     *               "de": "Flughafen (im Terminal)",
                     *               "en-gb": "Airport (in terminal)"
                     *             }
                     *           },
                     *           {
                     *             "id": "airport",
                     *             "name": {
                     *               "de": "Klimaanlage",
                     *               "en-gb": "Air Conditioning"
                     *             }
                     *           },
                     *           {
                     *             "id": "free_cancellation",
                     *             "name": {
                     *               "de": "Kostenlose Stornierung",
                     *               "en-gb": "Free cancellation"
                     *             }
                     *           },
                     *           {
                     *             "id": "kilometers",
                     *             "name": {
                     *               "de": "km",
                     *               "en-gb": "km"
                     *             }
                     *           },
                     *           {
                     *             "id": "limited",
                     *             "name": {
                     *               "de": "Begrenzt",
                     *               "en-gb": "Limited"
                     *             }
                     *           },
                     *           {
                     *             "id": "miles",
                     *             "name": {
                     *               "de": "Meilen",
                     *               "en-gb": "miles"
                     *             }
                     *           },
                     *           {
                     *             "id": "n_large_bags",
                     *             "name": {
                     *               "de": "N große Koffer",
                     *               "en-gb": "N Large bags"
                     *             }
                     *           },
                     *           {
                     *             "id": "n_small_bags",
                     *             "name": {
                     *               "de": "N kleine Koffer",
                     *               "en-gb": "N Small bags"
                     *             }
                     *           }
                     *         ],
                     *         "payment_timings": [
                     *           {
                     *             "id": "part_pay",
                     *             "name": {
                     *               "de": "Teils jetzt zahlen, teils später",
                     *               "en-gb": "Pay part now, part later"
                     *             }
                     *           },
                     *           {
                     *             "id": "pay_now",
                     *             "name": {
                     *               "de": "Jetzt zahlbar",
                     *               "en-gb": "Pay now"
                     *             }
                     *           }
                     *         ],
                     *         "transmission": [
                     *           {
                     *             "id": "automatic",
                     *             "name": {
                     *               "de": "Automatik",
                     *               "en-gb": "Automatic"
                     *             }
                     *           },
                     *           {
                     *             "id": "manual",
                     *             "name": {
                     *               "de": "Schaltgetriebe",
                     *               "en-gb": "Manual"
                     *             }
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @description Uniquely identifies the request. Please provide this identifier when contacting support. */
                        request_id?: string;
                        /** ConstantsDataOutput */
                        data?: {
                            /**
                             * CarsConstant
                             * @description Id and translated names for the constant.
                             */
                            depot_services?: {
                                id?: string;
                                /**
                                 * TranslatedString
                                 * @description A string localised in multiple languages.
                                 */
                                name?: {
                                    [key: string]: string | null;
                                };
                            };
                            /**
                             * CarsConstant
                             * @description Id and translated names for the constant.
                             */
                            fuel_policies?: {
                                id?: string;
                                /**
                                 * TranslatedString
                                 * @description A string localised in multiple languages.
                                 */
                                name?: {
                                    [key: string]: string | null;
                                };
                            };
                            /**
                             * CarsConstant
                             * @description Id and translated names for the constant.
                             */
                            fuel_types?: {
                                id?: string;
                                /**
                                 * TranslatedString
                                 * @description A string localised in multiple languages.
                                 */
                                name?: {
                                    [key: string]: string | null;
                                };
                            };
                            /**
                             * CarsConstant
                             * @description Id and translated names for the constant.
                             */
                            general?: {
                                id?: string;
                                /**
                                 * TranslatedString
                                 * @description A string localised in multiple languages.
                                 */
                                name?: {
                                    [key: string]: string | null;
                                };
                            };
                            /**
                             * CarsConstant
                             * @description Id and translated names for the constant.
                             */
                            payment_timings?: {
                                id?: string;
                                /**
                                 * TranslatedString
                                 * @description A string localised in multiple languages.
                                 */
                                name?: {
                                    [key: string]: string | null;
                                };
                            };
                            /**
                             * CarsConstant
                             * @description Id and translated names for the constant.
                             */
                            transmission?: {
                                id?: string;
                                /**
                                 * TranslatedString
                                 * @description A string localised in multiple languages.
                                 */
                                name?: {
                                    [key: string]: string | null;
                                };
                            };
                        };
                    };
                };
            };
        };
    };
    sendMessage: {
        parameters: {
            query?: never;
            header: {
                /** @description Include here your Affiliate identifier number */
                "X-Affiliate-Id": components["parameters"]["AffiliateIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "conversation": "8586a789-44f4-5521-9f27-f5efd097cba6",
                 *       "accommodation": "6819547",
                 *       "content": "Hello, I'm your guest!.",
                 *       "attachments": [
                 *         "c325f460-1dc6-11f0-80f0-8d0908786f77"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description Unique identifier of the conversation. */
                    conversation: string;
                    /** @description Unique identifier of the property. */
                    accommodation: string;
                    /** @description The message text to send. */
                    content: string;
                    /** @description Optional list of attachment IDs, if sending one or more files. */
                    attachments?: string[];
                };
            };
        };
        responses: {
            /** @description Message sent successfully. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "cdb0b154-2eae-481b-8fee-fb2725296e1f",
                     *       "data": {
                     *         "message": "3164e570-19e0-11f0-baca-e5019c8df435"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @description Unique identifier for this request. Provide this ID when contacting support. */
                        request_id?: string;
                        data?: {
                            /** @description Unique identifier for the sent message. */
                            message?: string;
                        };
                    };
                };
            };
        };
    };
    "retrieve-conversation": {
        parameters: {
            query?: never;
            header: {
                /** @description Include here your Affiliate identifier number */
                "X-Affiliate-Id": components["parameters"]["AffiliateIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique identifier of the property. */
                    accommodation: string;
                } & ({
                    /** @description Unique identifier of the reservation. */
                    reservation: string;
                } | {
                    /** @description Unique identifier of the conversation. */
                    conversation: string;
                });
            };
        };
        responses: {
            /** @description Conversation retrieved successfully. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "7889a8c0-aa43-494c-863d-72d2306849c1",
                     *       "data": {
                     *         "conversation": {
                     *           "id": "c3cc6522-aa63-559d-99f1-94efdd527c3c",
                     *           "reservation": "4338284887",
                     *           "messages": [
                     *             {
                     *               "id": "af3d7fd0-1c50-11f0-81cd-6d243d208da3",
                     *               "sender": "6c22a16d-a3bd-5f5b-82d9-ce1030f21b1f",
                     *               "reply_to": "c3cc6522-aa63-559d-99f1-94efdd527c3c",
                     *               "content": "Thank you for choosing Demand API Messaging Test Hotel. We are looking forward to your stay",
                     *               "attachments": [],
                     *               "timestamp": "2025-04-18T12:28:51.149Z"
                     *             }
                     *           ],
                     *           "participants": [
                     *             {
                     *               "id": "5dba2525-2c49-5d2c-91cc-7195526c0c7a",
                     *               "metadata": {
                     *                 "type": "guest"
                     *               }
                     *             },
                     *             {
                     *               "id": "6c22a16d-a3bd-5f5b-82d9-ce1030f21b1f",
                     *               "metadata": {
                     *                 "type": "property",
                     *                 "accommodation_id": "6819547"
                     *               }
                     *             }
                     *           ]
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @description Unique identifier for this request. Provide this ID when contacting support. */
                        request_id?: string;
                        data?: {
                            conversation?: {
                                /** @description Unique identifier of the conversation. */
                                id?: string;
                                /** @description Unique identifier of the reservation. */
                                reservation?: string;
                                /** @description List of messages in the conversation. */
                                messages?: {
                                    /** @description Unique identifier of the message. */
                                    id?: string;
                                    /** @description Unique identifier of the sender. */
                                    sender?: string;
                                    /** @description Message ID this message replies to (if applicable). */
                                    reply_to?: string;
                                    /** @description Message text content. */
                                    content?: string;
                                    attachments?: string[];
                                    /**
                                     * Format: date-time
                                     * @description Timestamp in ISO 8601 format (UTC) when the message was sent.
                                     */
                                    timestamp?: string;
                                }[];
                                /** @description List of participants in the conversation. */
                                participants?: {
                                    /** @description Unique identifier of the participant. */
                                    id?: string;
                                    /** @description Additional participant metadata. */
                                    metadata?: Record<string, never>;
                                }[];
                            };
                        };
                    };
                };
            };
        };
    };
    fetchLatestMessages: {
        parameters: {
            query?: never;
            header: {
                /** @description Include here your Affiliate identifier number */
                "X-Affiliate-Id": components["parameters"]["AffiliateIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Latest messages fetched successfully. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "0248d85a-17e0-44b3-a37c-7d4b5c03f58b",
                     *       "data": {
                     *         "messages": [
                     *           {
                     *             "message_id": "daca26da-4ce3-519d-b9eb-623eeb674800",
                     *             "reply_to": null,
                     *             "conversation": {
                     *               "id": "b2364f9b-6466-599a-a947-0d35cff4f492",
                     *               "accommodation": "5589515",
                     *               "reservation": "4439608993"
                     *             },
                     *             "content": "Hello Anne, welcome to CS Training Test Hotel...",
                     *             "sender": {
                     *               "participant_id": "930d9af8-2390-5e43-a4d7-235b52a30a14",
                     *               "metadata": {
                     *                 "type": "property",
                     *                 "name": "CS Training Test Hotel Sloterdijk 10"
                     *               }
                     *             },
                     *             "attachments": [],
                     *             "timestamp": "2025-05-08T08:49:15.000Z"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @description Unique identifier for this request. Provide this ID when contacting support. */
                        request_id?: string;
                        data?: {
                            messages?: {
                                /** @description Unique identifier of the message. */
                                message_id?: string;
                                /** @description ID of the message this is replying to (if applicable). */
                                reply_to?: string;
                                conversation?: {
                                    /** @description Unique identifier of the conversation. */
                                    id?: string;
                                    /** @description Unique identifier of the property. */
                                    accommodation?: string;
                                    /** @description Unique identifier of the reservation. */
                                    reservation?: string;
                                };
                                /** @description Message text content. */
                                content?: string;
                                sender?: {
                                    /** @description Unique identifier of the conversation participant. */
                                    participant_id?: string;
                                    /** @description Additional metadata about the sender. */
                                    metadata?: Record<string, never>;
                                };
                                attachments?: string[];
                                /**
                                 * Format: date-time
                                 * @description Timestamp in ISO 8601 format (UTC) when the message was sent.
                                 */
                                timestamp?: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    confirmMessageReceipt: {
        parameters: {
            query?: never;
            header: {
                /** @description Include here your Affiliate identifier number */
                "X-Affiliate-Id": components["parameters"]["AffiliateIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    messages?: string[];
                };
            };
        };
        responses: never;
    };
    uploadAttachment: {
        parameters: {
            query?: never;
            header: {
                /** @description Include here your Affiliate identifier number */
                "X-Affiliate-Id": components["parameters"]["AffiliateIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "accommodation": "6819547",
                 *       "conversation": "8586a789-44f4-5521-9f27-f5efd097cba6",
                 *       "file_size": 17580,
                 *       "file_name": "a3e062a0-3e6b-4592-9df2-64cf83688084.jpg",
                 *       "file_type": "image/jpeg",
                 *       "file_content": "/9j/4AAQSkZJRgABAQACWAJYAAD/2wCEAAgGBgc"
                 *     }
                 */
                "application/json": {
                    /** @description Unique identifier of the conversation. */
                    conversation: string;
                    /** @description Unique identifier of the property. */
                    accommodation: string;
                    /** @description Size of the file in bytes. */
                    file_size: number;
                    /** @description Original file name including extension. */
                    file_name: string;
                    /** @description MIME type of the file. */
                    file_type: string;
                    /** @description Base64-encoded content of the file. */
                    file_content: string;
                };
            };
        };
        responses: never;
    };
    downloadMessageAttachment: {
        parameters: {
            query?: never;
            header: {
                /** @description Include here your Affiliate identifier number */
                "X-Affiliate-Id": components["parameters"]["AffiliateIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "conversation": "8586a789-44f4-5521-9f27-f5efd097cba6",
                 *       "accommodation": "6819547",
                 *       "attachment": "9635be40-1dc6-11f0-8893-0130f0cdef6d"
                 *     }
                 */
                "application/json": {
                    /** @description The unique identifier of the conversation that contains the attachment. */
                    conversation: string;
                    /** @description The unique identifier of the property where the conversation occurred. */
                    accommodation: string;
                    /** @description The unique identifier of the attachment to download. */
                    attachment: string;
                };
            };
        };
        responses: {
            /** @description Attachment successfully retrieved. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "773e2c0d-1ab3-449b-b88a-3d6b5ce09ae7",
                     *       "data": {
                     *         "conversation": "8586a789-44f4-5521-9f27-f5efd097cba6",
                     *         "file_content": "/9j/4AAQSkZJRgABAQACWAJYAAD/2wCEAAgGBgc..."
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @description A unique ID for this request. Please include this when contacting support. */
                        request_id?: string;
                        data?: {
                            /** @description The ID of the conversation the file belongs to. */
                            conversation?: string;
                            /** @description The base64-encoded content of the attachment. */
                            file_content?: string;
                        };
                    };
                };
            };
        };
    };
    getAttachmentMetadata: {
        parameters: {
            query?: never;
            header: {
                /** @description Include here your Affiliate identifier number */
                "X-Affiliate-Id": components["parameters"]["AffiliateIdHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "conversation": "8586a789-44f4-5521-9f27-f5efd097cba6",
                 *       "accommodation": "6819547",
                 *       "attachment": "9635be40-1dc6-11f0-8893-0130f0cdef6d"
                 *     }
                 */
                "application/json": {
                    /** @description The unique identifier of the conversation that includes the attachment. */
                    conversation: string;
                    /** @description The unique identifier of the property associated with the conversation. */
                    accommodation: string;
                    /** @description The unique identifier of the attachment whose metadata is being requested. */
                    attachment: string;
                };
            };
        };
        responses: {
            /** @description Successful response. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "fec1a9bb-9c85-42fc-a109-3707e1ed4de7",
                     *       "data": {
                     *         "metadata": {
                     *           "file_name": "1ce51916-d8de-4144-a4be-265ccae5df9d.jpg",
                     *           "file_type": "image/jpeg",
                     *           "file_size": "92620"
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @description Uniquely identifies the request. Please provide this identifier when contacting support. */
                        request_id?: string;
                        data?: {
                            metadata?: {
                                /** @description The size of the attachment (up to 1MB) */
                                file_size?: number;
                                /** @description Original name of the file, including extension. */
                                file_name?: string;
                                /** @description MIME type of the file (e.g., image/jpeg). */
                                file_type?: string;
                            };
                        };
                    };
                };
            };
        };
    };
}
