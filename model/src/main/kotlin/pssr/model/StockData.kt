package pssr.model

/**
 * Twenty quotes with rising and falling prices. Every number has a fractional part and a magnitude
 * between 0.001 and 10^6, so `Double.toString` and every engine's default formatting print it the same way.
 */
internal object StockData {
    val items: List<Stock> = listOf(
        Stock("Adobe Systems", "Adobe Systems Inc.", "http://www.adobe.com", "ADBE", 39.26, 0.13, 0.33),
        Stock("Advanced Micro Devices", "Advanced Micro Devices Inc.", "http://www.amd.com", "AMD", 16.22, 0.17, 1.06),
        Stock("Amazon.com", "Amazon.com Inc", "http://www.amazon.com", "AMZN", 36.85, -0.23, -0.62),
        Stock("Apple", "Apple Inc.", "http://www.apple.com", "AAPL", 85.38, -0.87, -1.01),
        Stock("Autodesk", "Autodesk Inc.", "http://www.autodesk.com", "ADSK", 22.94, -1.28, -5.27),
        Stock("Broadcom", "Broadcom Corporation", "http://www.broadcom.com", "BRCM", 26.07, -0.91, -3.37),
        Stock("Cognizant", "Cognizant Technology Solutions Corporation", "http://www.cognizant.com", "CTSH", 39.72, 0.14, 0.35),
        Stock("Dell", "Dell Inc.", "http://www.dell.com", "DELL", 12.74, -0.23, -1.77),
        Stock("eBay", "eBay Inc.", "http://www.ebay.com", "EBAY", 19.39, 0.51, 2.69),
        Stock("Google", "Google Inc.", "http://www.google.com", "GOOG", 558.28, -3.58, -0.64),
        Stock("Intel", "Intel Corporation", "http://www.intel.com", "INTC", 17.05, 0.03, 0.17),
        Stock("Microsoft", "Microsoft Corporation", "http://www.microsoft.com", "MSFT", 24.84, -0.03, -0.12),
        Stock("NetApp", "NetApp Inc.", "http://www.netapp.com", "NTAP", 27.45, -0.45, -1.61),
        Stock("Nvidia", "NVIDIA Corporation", "http://www.nvidia.com", "NVDA", 14.97, 0.55, 3.81),
        Stock("Oracle", "Oracle Corporation", "http://www.oracle.com", "ORCL", 21.44, -0.01, -0.05),
        Stock("Qualcomm", "QUALCOMM Incorporated", "http://www.qualcomm.com", "QCOM", 39.65, 0.69, 1.77),
        Stock("Research in Motion", "Research In Motion Limited", "http://www.rim.com", "RIMM", 71.53, 1.12, 1.59),
        Stock("Symantec", "Symantec Corporation", "http://www.symantec.com", "SYMC", 17.98, -0.25, -1.37),
        Stock("Texas Instruments", "Texas Instruments Incorporated", "http://www.ti.com", "TXN", 24.91, 0.41, 1.67),
        Stock("Yahoo!", "Yahoo! Inc.", "http://www.yahoo.com", "YHOO", 15.69, -0.11, -0.69),
    )
}
