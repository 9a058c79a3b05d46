// Swagger UI for /docs, started from a file so the page needs no inline script (CSP).
window.ui = SwaggerUIBundle({url: "/openapi.json", dom_id: "#swagger-ui"});
